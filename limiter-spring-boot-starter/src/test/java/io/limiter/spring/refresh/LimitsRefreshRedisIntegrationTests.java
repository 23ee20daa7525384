package io.limiter.spring.refresh;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import io.limiter.spring.LimitsChangedEvent;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterRefreshAutoConfiguration;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A limit changed in the Environment while the application runs on real Redis, standalone and cluster: a key that
 * used its whole window keeps what it used, read with the new capacity, and a refused change leaves Redis's state
 * and the running limit alone.
 */
class LimitsRefreshRedisIntegrationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterRefreshAutoConfiguration.class));

	@ParameterizedTest
	@ValueSource(strings = { "standalone", "cluster" })
	void aKeyKeepsWhatItUsedInRedisWhenTheCapacityChanges(String topology) {
		String name = "refresh-" + UUID.randomUUID().toString().substring(0, 8);
		String prefix = "limiter.limits." + name + ".";
		this.runner.withPropertyValues(redis(topology), prefix + "algorithm=fixed-window", prefix + "capacity=2",
				prefix + "period=1h")
			.run((context) -> {
				LimitEnforcer enforcer = context.getBean(LimitEnforcers.class).get(name);
				assertThat(enforcer.enforce("used", 2, null).allowed()).isTrue();
				assertThat(enforcer.enforce("used", 1, null).allowed()).isFalse();
				change(context, Map.of(prefix + "capacity", "-1"));
				assertThat(enforcer.enforce("used", 1, null).allowed()).as("a refused change keeps 2").isFalse();
				change(context, Map.of(prefix + "capacity", "5"));
				assertThat(enforcer.enforce("used", 3, null).decision().remaining()).as("2 of 5 used, then 3")
					.isZero();
				assertThat(enforcer.enforce("used", 1, null).allowed()).isFalse();
				assertThat(enforcer.enforce("fresh", 5, null).allowed()).isTrue();
			});
	}

	private static void change(ConfigurableApplicationContext context,
			Map<String, Object> properties) {
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("changed", properties));
		context.publishEvent(new LimitsChangedEvent(context));
	}

	private static String redis(String topology) {
		return topology.equals("cluster") ? "limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes()
				: "limiter.redis.url=" + RedisFixtures.standalone().uri();
	}

}
