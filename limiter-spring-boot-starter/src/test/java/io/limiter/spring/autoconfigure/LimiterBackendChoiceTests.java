package io.limiter.spring.autoconfigure;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.limiter.InMemoryBackend;
import io.limiter.RedisBackend;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which backend decides, which setting chose it, and the one line that says so at start-up: in memory with a hint
 * when nothing names Redis; else Redis by a Lettuce client bean, {@code limiter.redis.*} or Spring Boot's Redis
 * connection, in that order, with hosts and never credentials; the namespace from {@code limiter.namespace} or
 * {@code spring.application.name}. No server is needed: the backends connect in the background to a port where
 * nothing listens.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterBackendChoiceTests {

	private static final Pattern LINE = Pattern.compile("Limiter decides rate limits in .*");

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.redis.startup-wait=0s");

	private final ApplicationContextRunner withoutSpringBootRedis = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.redis.startup-wait=0s");

	@Test
	void inMemoryByDefaultSaysLimitsArePerInstanceAndHowToShareThem(CapturedOutput output) {
		this.withoutSpringBootRedis.run((context) -> assertThat(context).hasSingleBean(InMemoryBackend.class));
		assertThat(lines(output)).containsExactly("Limiter decides rate limits in memory, per instance: each instance"
				+ " of this application counts on its own. To share the limits between instances, set"
				+ " limiter.redis.url, limiter.redis.cluster.nodes or limiter.redis.sentinel.*, or add Spring Boot's"
				+ " Redis starter (spring-boot-starter-data-redis)");
	}

	@Test
	void aRedisUrlIsNamedWithItsHostsAndNamespaceButNotItsPassword(CapturedOutput output) {
		this.withoutSpringBootRedis
			.withPropertyValues("limiter.redis.url=redis://app:s3cret@127.0.0.1:1/3", "spring.application.name=orders")
			.run((context) -> assertThat(context).hasSingleBean(RedisBackend.class));
		assertThat(lines(output)).containsExactly("Limiter decides rate limits in Redis standalone 127.0.0.1:1,"
				+ " database 3, namespace 'orders' (from limiter.redis.url)");
		assertThat(output.getAll()).doesNotContain("s3cret");
	}

	@Test
	void springBootsRedisConnectionIsUsedWhenLimiterNamesNoServer(CapturedOutput output) {
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=1",
				"spring.data.redis.password=s3cret", "limiter.namespace=billing")
			.run((context) -> assertThat(context.getBean(RedisBackend.class))
				.hasToString("Redis standalone 127.0.0.1:1, namespace 'billing'"));
		assertThat(lines(output)).containsExactly("Limiter decides rate limits in Redis standalone 127.0.0.1:1,"
				+ " namespace 'billing' (from Spring Boot's Redis connection (PropertiesDataRedisConnectionDetails))");
		assertThat(output.getAll()).doesNotContain("s3cret");
	}

	@Test
	void aConnectionDetailsBeanIsSpringBootsConnectionToo() {
		DataRedisConnectionDetails cluster = new DataRedisConnectionDetails() {

			@Override
			public Cluster getCluster() {
				return () -> List.of(new Node("127.0.0.1", 1), new Node("127.0.0.1", 2));
			}

		};
		this.runner.withBean(DataRedisConnectionDetails.class, () -> cluster)
			.run((context) -> assertThat(context.getBean(RedisBackend.class))
				.hasToString("Redis cluster 127.0.0.1:1, 127.0.0.1:2, no namespace"));
	}

	@Test
	void limiterSettingsAndClientBeansComeBeforeSpringBootsConnection(CapturedOutput output) {
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1", "limiter.redis.cluster.nodes=127.0.0.1:2")
			.run((context) -> assertThat(context.getBean(RedisBackend.class))
				.hasToString("Redis cluster 127.0.0.1:2, no namespace"));
		this.runner.withPropertyValues("spring.data.redis.host=127.0.0.1")
			.withBean(RedisClient.class, () -> RedisClient.create("redis://127.0.0.1:3"))
			.run((context) -> assertThat(context.getBean(RedisBackend.class))
				.hasToString("Redis the application's Lettuce RedisClient, no namespace"));
		assertThat(lines(output)).containsExactly(
				"Limiter decides rate limits in Redis cluster 127.0.0.1:2, no namespace (from limiter.redis.cluster.nodes)",
				"Limiter decides rate limits in Redis the application's Lettuce RedisClient, no namespace"
						+ " (from a Lettuce RedisClient bean)");
	}

	@Test
	void withoutSpringBootsRedisModuleItsPropertiesAreNotRead() {
		this.runner.withClassLoader(new FilteredClassLoader(DataRedisConnectionDetails.class))
			.withPropertyValues("spring.data.redis.host=127.0.0.1")
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(InMemoryBackend.class));
	}

	@Test
	void aStaticMasterReplicaConnectionIsRefused() {
		this.runner.withPropertyValues("spring.data.redis.masterreplica.nodes=127.0.0.1:1,127.0.0.1:2")
			.run(failsWith("spring.data.redis.masterreplica.nodes", "127.0.0.1:1",
					"set limiter.redis.url to the master"));
	}

	@Test
	void aBadNamespaceFailsNamingTheProperty() {
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.namespace=orders:eu")
			.run(failsWith("limiter.namespace", "orders:eu", "namespace must be 1 to 64 ASCII letters"));
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "spring.application.name=Order Service")
			.run(failsWith("limiter.namespace", "Order Service", "defaults to spring.application.name"));
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "spring.application.name=Order Service",
				"limiter.namespace=orders")
			.run((context) -> assertThat(context.getBean(RedisBackend.class)).asString()
				.endsWith("namespace 'orders'"));
	}

	private static List<String> lines(CapturedOutput output) {
		Matcher matcher = LINE.matcher(output.getAll());
		return matcher.results().map((result) -> result.group().strip()).toList();
	}

}
