package io.limiter.spring;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.Enforcement;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Plans per customer on real Redis, standalone and cluster, from properties to decisions: a key that moves to
 * another plan keeps its state in Redis, whatever the local tier in front of it.
 */
class LimitPlansRedisIntegrationTests {

	private final Map<String, String> planOfKey = new ConcurrentHashMap<>();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class))
		.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> this.planOfKey.get(key));

	@ParameterizedTest(name = "{0}, {1}, local tier {2}")
	@CsvSource({ "standalone, fixed-window, block", "cluster, fixed-window, block",
			"standalone, sliding-window-log, none", "cluster, sliding-window-counter, none" })
	void aKeyThatMovesToABiggerPlanKeepsWhatItUsed(String topology, String algorithm, String localTier) {
		String name = "plans-" + UUID.randomUUID().toString().substring(0, 8);
		this.runner.withPropertyValues(redis(topology), limit(name, "algorithm", algorithm),
				limit(name, "capacity", "5"), limit(name, "period", "1h"), limit(name, "plans.gold.capacity", "10"),
				limit(name, "local-tier.mode", localTier))
			.run((context) -> {
				LimitEnforcer enforcer = context.getBean(LimitEnforcers.class).get(name);
				assertThat(enforcer.enforce("moving", 2, null).decision().remaining()).isEqualTo(3);
				this.planOfKey.put("moving", "gold");
				Enforcement upgraded = enforcer.enforce("moving", 1, null);
				assertThat(upgraded.plan()).isEqualTo("gold");
				assertThat(upgraded.limit().capacity()).isEqualTo(10);
				assertThat(upgraded.decision().remaining()).as("2 of 5 used, then 1 of 10").isEqualTo(7);
				assertThat(enforcer.enforce("moving", 7, null).allowed()).isTrue();
				assertThat(enforcer.enforce("moving", 1, null).allowed()).isFalse();
				this.planOfKey.remove("moving");
				Enforcement downgraded = enforcer.enforce("moving", 1, null);
				assertThat(downgraded.allowed()).as("a downgrade does not refill the key").isFalse();
				assertThat(downgraded.limit().capacity()).isEqualTo(5);
				assertThat(enforcer.enforce("fresh", 5, null).allowed()).isTrue();
				assertThat(enforcer.enforce("fresh", 1, null).allowed()).isFalse();
			});
	}

	@ParameterizedTest(name = "{0}, local tier {1}")
	@CsvSource({ "standalone, two-tier", "cluster, two-tier", "cluster, block" })
	void aTokenBucketKeyKeepsItsTokensAcrossPlansWhateverTheLocalTier(String topology, String localTier) {
		String name = "plans-" + UUID.randomUUID().toString().substring(0, 8);
		this.runner.withPropertyValues(redis(topology), limit(name, "capacity", "5"), limit(name, "period", "1h"),
				limit(name, "plans.gold.capacity", "10"), limit(name, "local-tier.mode", localTier))
			.run((context) -> {
				LimitEnforcer enforcer = context.getBean(LimitEnforcers.class).get(name);
				int granted = 0;
				for (int i = 0; i < 8; i++) {
					granted += enforcer.enforce("spent", 1, null).allowed() ? 1 : 0;
				}
				assertThat(granted).isEqualTo(5);
				this.planOfKey.put("spent", "gold");
				Enforcement gold = enforcer.enforce("spent", 1, null);
				assertThat(gold.plan()).isEqualTo("gold");
				assertThat(gold.allowed()).as("the spent tokens stay spent on the bigger plan").isFalse();
				this.planOfKey.put("rich", "gold");
				for (int i = 0; i < 10; i++) {
					assertThat(enforcer.enforce("rich", 1, null).allowed()).isTrue();
				}
				assertThat(enforcer.enforce("rich", 1, null).allowed()).isFalse();
			});
	}

	private static String redis(String topology) {
		return topology.equals("cluster") ? "limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes()
				: "limiter.redis.url=" + RedisFixtures.standalone().uri();
	}

	private static String limit(String name, String property, String value) {
		return "limiter.limits." + name + "." + property + "=" + value;
	}

}
