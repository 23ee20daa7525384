package io.limiter.spring.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.ByteArrayResource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code limiter.redis.cluster.nodes} and {@code limiter.redis.sentinel.nodes} bind the shapes that Spring Boot's
 * {@code spring.data.redis.cluster.nodes} does: comma-separated text, indexed properties and a YAML list; a value
 * that names Redis but cannot be used fails start-up naming the property and the value. No Redis is needed: the
 * backend is built without waiting for its first connection.
 */
class LimiterRedisNodesBindingTests {

	private static final String CLUSTER = "limiter.redis.cluster.nodes";

	private static final String SENTINEL = "limiter.redis.sentinel.nodes";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.redis.startup-wait=-1s", "limiter.redis.sentinel.master=mymaster");

	private final ApplicationContextRunner cluster = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.redis.startup-wait=-1s");

	@Test
	void clusterNodesAsCommaSeparatedTextAListOrAYamlList() {
		this.cluster.withPropertyValues(CLUSTER + "=127.0.0.1:7001, 127.0.0.1:7002")
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "cluster 127.0.0.1:7001"));
		this.cluster.withPropertyValues(CLUSTER + "[0]=127.0.0.1:7001", CLUSTER + "[1]=127.0.0.1:7002")
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "cluster 127.0.0.1:7001"));
		this.cluster.withInitializer((context) -> yaml(context.getEnvironment(), """
				limiter:
				  redis:
				    cluster:
				      nodes:
				        - 127.0.0.1:7001
				        - 127.0.0.1:7002
				"""))
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "cluster 127.0.0.1:7001"));
	}

	@Test
	void sentinelNodesAsCommaSeparatedTextAListOrAYamlList() {
		this.runner.withPropertyValues(SENTINEL + "=127.0.0.1:7001, 127.0.0.1:7002")
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "Sentinel master 'mymaster' via"));
		this.runner.withPropertyValues(SENTINEL + "[0]=127.0.0.1:7001", SENTINEL + "[1]=127.0.0.1:7002")
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "Sentinel master 'mymaster' via"));
		this.runner.withInitializer((context) -> yaml(context.getEnvironment(), """
				limiter:
				  redis:
				    sentinel:
				      nodes: [ "127.0.0.1:7001", "127.0.0.1:7002" ]
				"""))
			.run((context) -> assertBackend(context.getBean(LimiterBackend.class), "Sentinel master 'mymaster' via"));
	}

	@Test
	void anEmptyNodeFailsNamingThePropertyAndTheValue() {
		this.cluster.withPropertyValues(CLUSTER + "=127.0.0.1:7001,,127.0.0.1:7002")
			.run(failsWith(CLUSTER, "127.0.0.1:7001,,127.0.0.1:7002", "one is empty"));
		this.cluster.withPropertyValues(CLUSTER + "=127.0.0.1:7001,")
			.run(failsWith(CLUSTER, "127.0.0.1:7001,", "one is empty"));
		this.cluster.withPropertyValues(CLUSTER + "[0]=127.0.0.1:7001", CLUSTER + "[1]=")
			.run(failsWith(CLUSTER, "127.0.0.1:7001,", "one is empty"));
		this.runner.withPropertyValues(SENTINEL + "=127.0.0.1:7001,")
			.run(failsWith(SENTINEL, "127.0.0.1:7001,", "one is empty"));
	}

	@Test
	void aNodeWithoutPortOrWithABadPortFails() {
		this.cluster.withPropertyValues(CLUSTER + "[0]=127.0.0.1:7001", CLUSTER + "[1]=redis-2")
			.run(failsWith(CLUSTER, "127.0.0.1:7001,redis-2", "'redis-2' is not"));
		this.cluster.withPropertyValues(CLUSTER + "[0]=127.0.0.1:70000")
			.run(failsWith(CLUSTER, "127.0.0.1:70000", "port from 1 to 65535"));
		this.runner.withPropertyValues(SENTINEL + "[0]=127.0.0.1:port")
			.run(failsWith(SENTINEL, "127.0.0.1:port", "port from 1 to 65535"));
	}

	@Test
	void aListThatBindsToNoNodeFails() {
		this.cluster.withPropertyValues(CLUSTER + "=").run(failsWith(CLUSTER, "", "there is none"));
		this.cluster.withInitializer((context) -> yaml(context.getEnvironment(), """
				limiter:
				  redis:
				    cluster:
				      nodes: []
				"""))
			.run(failsWith(CLUSTER, "", "there is none"));
		this.runner.withPropertyValues(SENTINEL + "=").run(failsWith(SENTINEL, "", "there is none"));
		this.cluster.withPropertyValues(CLUSTER + "[1]=127.0.0.1:7001").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(UnboundConfigurationPropertiesException.class)
				.hasMessageContaining(CLUSTER + "[1]");
		});
	}

	private static void assertBackend(LimiterBackend backend, String topology) {
		assertThat(backend).isInstanceOf(RedisBackend.class);
		assertThat(backend.toString()).contains(topology).contains("127.0.0.1:7001").contains("127.0.0.1:7002");
	}

	private static void yaml(ConfigurableEnvironment environment, String yaml) {
		try {
			new YamlPropertySourceLoader().load("test.yml", new ByteArrayResource(yaml.getBytes(StandardCharsets.UTF_8)))
				.forEach(environment.getPropertySources()::addFirst);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
