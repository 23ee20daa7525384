package io.limiter.spring.autoconfigure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.testsupport.Certificates;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cluster seeds given as {@code redis://user:password@host:port} in {@code limiter.redis.cluster.nodes} reach a
 * cluster whose nodes only accept that ACL user, and {@code rediss://user:password@host:port} seeds with
 * {@code limiter.redis.trusted-certificates} reach a cluster that speaks nothing but TLS with certificates of a
 * private CA: the starter builds its clients with the core's builder, so credentials and TLS apply to clusters as
 * they do to standalone servers. Spring Boot's Redis connection reaches the TLS cluster too, with its credentials and an
 * SSL bundle that trusts the private CA.
 */
class LimiterRedisCredentialsIntegrationTests {

	private static final String PASSWORD = "cl-s3cret";

	@TempDir
	static Path certificateDirectory;

	private static Certificates certificates;

	private static LocalRedisCluster cluster;

	private static LocalRedisCluster tlsCluster;

	@BeforeAll
	static void startClustersWithAnAclUser() throws IOException {
		certificates = Certificates.create(certificateDirectory);
		cluster = withAclUserOnly(RedisFixtures.startCluster());
		tlsCluster = withAclUserOnly(LocalRedisCluster.startTls(certificates));
	}

	@AfterAll
	static void stopClusters() {
		for (LocalRedisCluster started : new LocalRedisCluster[] { cluster, tlsCluster }) {
			if (started != null) {
				started.stop();
			}
		}
	}

	@Test
	void clusterSeedsWithCredentialsDecideExactly() {
		contextWith("limiter.redis.cluster.nodes=" + seeds(cluster, "redis://")).run((context) -> {
			assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
			assertDecidesExactly(context.getBean(RateLimiterRegistry.class).limiter("hello"));
		});
	}

	@Test
	void tlsClusterSeedsWithCredentialsAndThePrivateCaDecideExactly() {
		contextWith("limiter.redis.cluster.nodes=" + seeds(tlsCluster, "rediss://"),
				"limiter.redis.trusted-certificates=" + certificates.ca())
			.run((context) -> {
				assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
				assertDecidesExactly(context.getBean(RateLimiterRegistry.class).limiter("hello"));
			});
	}

	@Test
	void springBootsRedisConnectionWithAnSslBundleReachesTheTlsCluster() {
		String nodes = tlsCluster.nodes()
			.stream()
			.map((node) -> "127.0.0.1:" + node.port())
			.collect(Collectors.joining(","));
		contextWith("spring.data.redis.cluster.nodes=" + nodes, "spring.data.redis.username=limiter",
				"spring.data.redis.password=" + PASSWORD, "spring.data.redis.ssl.bundle=private-ca",
				"spring.ssl.bundle.pem.private-ca.truststore.certificate=" + certificates.ca().toUri())
			.withConfiguration(AutoConfigurations.of(SslAutoConfiguration.class, DataRedisAutoConfiguration.class))
			.run((context) -> {
				assertThat(context.getBean(RedisBackend.class)).asString().endsWith("(TLS), no namespace");
				assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
				assertDecidesExactly(context.getBean(RateLimiterRegistry.class).limiter("hello"));
			});
	}

	@Test
	void tlsClusterSeedsWithoutThePrivateCaDoNotConnect() {
		contextWith("limiter.redis.cluster.nodes=" + seeds(tlsCluster, "rediss://"),
				"limiter.failure-policy=fail-closed")
			.run((context) -> {
				assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(2))).isFalse();
				Decision decision = context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire("k");
				assertThat(decision.isDegraded()).isTrue();
				assertThat(decision.isAllowed()).isFalse();
			});
	}

	private static ApplicationContextRunner contextWith(String... properties) {
		return new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
			.withPropertyValues("limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h")
			.withPropertyValues(properties);
	}

	private static void assertDecidesExactly(RateLimiter hello) {
		String key = UUID.randomUUID().toString();
		List<Decision> decisions = List.of(hello.tryAcquire(key), hello.tryAcquire(key), hello.tryAcquire(key),
				hello.tryAcquire(key));
		assertThat(decisions).noneMatch(Decision::isDegraded);
		assertThat(decisions).extracting(Decision::isAllowed).containsExactly(true, true, true, false);
	}

	private static LocalRedisCluster withAclUserOnly(LocalRedisCluster started) {
		for (RedisServerProcess node : started.nodes()) {
			node.command("ACL", "SETUSER", "limiter", "on", ">" + PASSWORD, "~limiter:*", "+@all");
		}
		for (RedisServerProcess node : started.nodes()) {
			node.command("ACL", "SETUSER", "default", "off");
		}
		return started;
	}

	private static String seeds(LocalRedisCluster started, String scheme) {
		return started.nodes()
			.stream()
			.map((node) -> scheme + "limiter:" + PASSWORD + "@127.0.0.1:" + node.port())
			.collect(Collectors.joining(","));
	}

}
