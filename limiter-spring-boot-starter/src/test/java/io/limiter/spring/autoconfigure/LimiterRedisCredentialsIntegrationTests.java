package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;

import io.lettuce.core.AclSetuserArgs;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.spring.RateLimiterRegistry;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cluster seeds given as {@code redis://user:password@host:port} in {@code limiter.redis.cluster.nodes} reach a
 * cluster whose nodes only accept that ACL user: the starter builds its clients with the core's builder, so
 * credentials (and TLS) apply to clusters as they do to standalone servers.
 */
class LimiterRedisCredentialsIntegrationTests {

	private static final String PASSWORD = "cl-s3cret";

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void startClusterWithAnAclUser() {
		cluster = RedisFixtures.startCluster();
		for (RedisServerProcess node : cluster.nodes()) {
			RedisClient client = RedisClient.create(node.uri());
			try (StatefulRedisConnection<String, String> connection = client.connect()) {
				connection.sync()
					.aclSetuser("limiter", AclSetuserArgs.Builder.on().addPassword(PASSWORD).keyPattern("limiter:*").allCommands());
				connection.sync().aclSetuser("default", AclSetuserArgs.Builder.off());
			}
			finally {
				client.shutdown();
			}
		}
	}

	@AfterAll
	static void stopCluster() {
		cluster.stop();
	}

	@Test
	void clusterSeedsWithCredentialsDecideExactly() {
		String seeds = cluster.nodes()
			.stream()
			.map((node) -> "redis://limiter:" + PASSWORD + "@127.0.0.1:" + node.port())
			.collect(Collectors.joining(","));
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
			.withPropertyValues("limiter.redis.cluster.nodes=" + seeds, "limiter.limits.hello.capacity=3",
					"limiter.limits.hello.period=1h")
			.run((context) -> {
				assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
				RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
				String key = UUID.randomUUID().toString();
				List<Decision> decisions = List.of(hello.tryAcquire(key), hello.tryAcquire(key), hello.tryAcquire(key),
						hello.tryAcquire(key));
				assertThat(decisions).noneMatch(Decision::isDegraded);
				assertThat(decisions).extracting(Decision::isAllowed).containsExactly(true, true, true, false);
			});
	}

}
