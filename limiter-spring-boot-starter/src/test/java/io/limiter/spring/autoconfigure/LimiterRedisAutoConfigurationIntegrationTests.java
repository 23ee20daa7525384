package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.actuate.LimiterHealthIndicator;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis side of the auto-configuration on real servers: standalone and cluster from properties, a user's
 * client, and the health indicator up and down.
 */
class LimiterRedisAutoConfigurationIntegrationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class))
		.withPropertyValues("limiter.redis.timeout=1s", "limiter.limits.hello.capacity=3",
				"limiter.limits.hello.period=1h");

	@Test
	void urlSelectsAStandaloneServerWhoseStateIsShared() {
		String url = "limiter.redis.url=" + RedisFixtures.standalone().uri();
		String key = UUID.randomUUID().toString();
		this.runner.withPropertyValues(url).run((context) -> {
			assertThat(context).hasSingleBean(RedisBackend.class).doesNotHaveBean(RedisClient.class);
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire(key, 2).remaining())
				.isEqualTo(1);
			Health health = context.getBean("limiterHealthIndicator", HealthIndicator.class).health();
			assertThat(health.getStatus()).as(health.getDetails().toString()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("backend", "redis").containsEntry("connected", true);
		});
		this.runner.withPropertyValues(url)
			.run((context) -> assertThat(
					context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire(key, 0).remaining())
				.isEqualTo(1));
	}

	@Test
	void nodesSelectARedisCluster() {
		String key = UUID.randomUUID().toString();
		this.runner.withPropertyValues("limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes())
			.run((context) -> {
				assertThat(context).hasSingleBean(RedisBackend.class).doesNotHaveBean(RedisClusterClient.class);
				assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
				RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
				assertThat(hello.tryAcquire(key, 3).isAllowed()).isTrue();
				assertThat(hello.tryAcquire(key).isAllowed()).isFalse();
				Health health = context.getBean("limiterHealthIndicator", HealthIndicator.class).health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).containsEntry("circuitOpen", false);
			});
	}

	@Test
	void nodesGivenAsAListSelectTheRedisClusterThatKeepsTheState() {
		String key = UUID.randomUUID().toString();
		String[] seeds = RedisFixtures.cluster().seedNodes().split(",");
		String[] nodes = new String[seeds.length];
		for (int i = 0; i < seeds.length; i++) {
			nodes[i] = "limiter.redis.cluster.nodes[" + i + "]=" + seeds[i];
		}
		this.runner.withPropertyValues(nodes).run((context) -> {
			RedisBackend backend = context.getBean(RedisBackend.class);
			assertThat(backend.toString()).startsWith("Redis cluster " + seeds[0].trim());
			assertThat(backend.awaitConnection(Duration.ofSeconds(20))).isTrue();
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire(key, 3).isAllowed())
				.isTrue();
			assertThat(RedisFixtures.cluster().nodeUris()).as("the state of the key is on a node of the cluster")
				.anyMatch((node) -> !keysOf(node, "*" + key + "*").isEmpty());
		});
	}

	private static List<String> keysOf(String node, String pattern) {
		RedisClient client = RedisClient.create(node);
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			return ScanIterator.scan(connection.sync(), ScanArgs.Builder.matches(pattern)).stream().toList();
		}
		finally {
			client.shutdown();
		}
	}

	@Test
	void redisCallsLocalTiersAndDecisionTimesAreMetered() {
		String key = UUID.randomUUID().toString();
		this.runner.withConfiguration(AutoConfigurations.of(LimiterMetricsAutoConfiguration.class))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("limiter.redis.url=" + RedisFixtures.standalone().uri(),
					"limiter.limits.blocked.capacity=1", "limiter.limits.blocked.period=1h",
					"limiter.limits.blocked.local-tier.mode=block")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				registry.limiter("hello").tryAcquire(key);
				registry.limiter("hello").tryAcquire(key);
				assertThat(meters.get("limiter.redis.calls").counter().count()).isEqualTo(2);
				LimitEnforcer blocked = context.getBean(LimitEnforcers.class).get("blocked");
				assertThat(blocked.enforce(key, 1, null).allowed()).isTrue();
				assertThat(blocked.enforce(key, 1, null).allowed()).isFalse();
				assertThat(blocked.enforce(key, 1, null).allowed()).isFalse();
				assertThat(meters.get("limiter.redis.calls").counter().count())
					.as("the third decision is denied in memory by the block").isEqualTo(4);
				assertThat(decisions(meters, "backend", "allowed")).isEqualTo(1);
				assertThat(decisions(meters, "backend", "denied")).isEqualTo(1);
				assertThat(decisions(meters, "local", "denied")).isEqualTo(1);
				assertThat(meters.get("limiter.decision.latency").tag("limit", "blocked").timer().count())
					.as("the decisions by Redis are timed, not the one in memory").isEqualTo(2);
			});
	}

	@Test
	void userClientIsUsed() {
		this.runner.withBean("ownClient", RedisClient.class, () -> RedisClient.create(RedisFixtures.standalone().uri()))
			.run((context) -> {
				assertThat(context).hasSingleBean(RedisBackend.class).hasSingleBean(RedisClient.class);
				assertThat(context).hasBean("ownClient").doesNotHaveBean("limiterRedisClient");
				RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
				assertThat(hello.tryAcquire(UUID.randomUUID().toString()).remaining()).isEqualTo(2);
			});
	}

	@Test
	void healthIndicatorBacksOffWithoutActuatorHealth() {
		this.runner.withPropertyValues("limiter.redis.url=" + RedisFixtures.standalone().uri())
			.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasSingleBean(RedisBackend.class)
				.doesNotHaveBean("limiterHealthIndicator"));
	}

	@Test
	void healthIsDegradedWhileTheServerIsGoneAndUpWhenItIsBack() {
		try (RedisServerProcess server = RedisFixtures.startStandalone()) {
			this.runner.withConfiguration(AutoConfigurations.of(LimiterMetricsAutoConfiguration.class))
				.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
				.withPropertyValues("limiter.redis.url=" + server.uri())
				.run((context) -> {
					HealthIndicator indicator = context.getBean("limiterHealthIndicator", HealthIndicator.class);
					assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
					server.kill();
					awaitStatus(indicator, LimiterHealthIndicator.DEGRADED);
					assertThat(context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire("k").isDegraded())
						.isTrue();
					Counter degraded = context.getBean(MeterRegistry.class)
						.get("limiter.degraded")
						.tag("limit", "hello")
						.tag("policy", "local-fallback")
						.tag("reason", "connection")
						.counter();
					assertThat(degraded.count()).isEqualTo(1);
					server.restart();
					awaitStatus(indicator, Status.UP);
				});
		}
	}

	private static void awaitStatus(HealthIndicator indicator, Status expected) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (!indicator.health().getStatus().equals(expected) && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		assertThat(indicator.health().getStatus()).isEqualTo(expected);
	}

	private static double decisions(MeterRegistry meters, String path, String outcome) {
		return meters.get("limiter.decisions")
			.tag("limit", "blocked")
			.tag("path", path)
			.tag("outcome", outcome)
			.counter()
			.count();
	}

}
