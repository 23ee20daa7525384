package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.actuate.LimiterHealthIndicator;
import io.limiter.testsupport.LocalRedisSentinel;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code limiter.redis.sentinel.*} on real servers (a master, a replica and three Sentinels, all with a password):
 * the Sentinels given as a list of URLs with credentials, or through Spring Boot's Redis connection, decide in Redis
 * with the health up; after the master is killed the health is degraded until the Sentinels promote the replica,
 * then up again with Redis deciding.
 */
class LimiterSentinelAutoConfigurationIntegrationTests {

	private static final String PASSWORD = "se-s3cret";

	private static LocalRedisSentinel sentinel;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class))
		.withPropertyValues("limiter.redis.timeout=500ms", "limiter.redis.minimum-timeout=500ms",
				"limiter.redis.startup-wait=10s", "limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h");

	@BeforeAll
	static void startSentinel() {
		sentinel = LocalRedisSentinel.start(Duration.ofMillis(1000), PASSWORD);
	}

	@AfterAll
	static void stopSentinel() {
		sentinel.close();
	}

	@Test
	void sentinelUrlsWithCredentialsDecideInRedis() {
		ApplicationContextRunner runner = this.runner.withPropertyValues(
				"limiter.redis.sentinel.master=" + sentinel.masterName());
		for (int i = 0; i < sentinel.sentinels().size(); i++) {
			RedisServerProcess node = sentinel.sentinels().get(i);
			runner = runner.withPropertyValues("limiter.redis.sentinel.nodes[" + i + "]=redis://:" + PASSWORD + "@"
					+ node.host() + ":" + node.port());
		}
		runner.run((context) -> {
			assertDecidesInRedis(context);
			Health health = context.getBean("limiterHealthIndicator", HealthIndicator.class).health();
			assertThat(health.getStatus()).as(health.getDetails().toString()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("backend", "redis").containsEntry("connected", true);
		});
	}

	@Test
	void springBootsRedisConnectionReachesTheSentinelsAndTheMasterWithTheirCredentials() {
		this.runner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("spring.data.redis.sentinel.master=" + sentinel.masterName(),
					"spring.data.redis.sentinel.nodes=" + sentinel.sentinelNodes(),
					"spring.data.redis.password=" + PASSWORD, "spring.data.redis.sentinel.password=" + PASSWORD)
			.run(LimiterSentinelAutoConfigurationIntegrationTests::assertDecidesInRedis);
	}

	@Test
	void healthIsDegradedUntilTheReplicaIsPromotedAndUpAfter() {
		try (LocalRedisSentinel own = LocalRedisSentinel.start(Duration.ofMillis(1000))) {
			String nodes = own.sentinels()
				.stream()
				.map((node) -> node.host() + ":" + node.port())
				.collect(Collectors.joining(", "));
			this.runner
				.withPropertyValues("limiter.redis.sentinel.master=" + own.masterName(),
						"limiter.redis.sentinel.nodes=" + nodes)
				.run((context) -> {
					HealthIndicator indicator = context.getBean("limiterHealthIndicator", HealthIndicator.class);
					assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
					RedisServerProcess old = own.master();
					old.kill();
					awaitStatus(indicator, LimiterHealthIndicator.DEGRADED);
					Decision meanwhile = context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire("k");
					assertThat(meanwhile.isDegraded()).as("decided by the failure policy").isTrue();
					own.awaitFailover(old);
					awaitStatus(indicator, Status.UP);
					awaitDecidedInRedis(context.getBean(RateLimiterRegistry.class).limiter("hello"));
					assertDecidesInRedis(context);
				});
		}
	}

	private static void assertDecidesInRedis(AssertableApplicationContext context) throws InterruptedException {
		assertThat(context).hasSingleBean(RedisBackend.class);
		assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
		RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
		String key = UUID.randomUUID().toString();
		assertThat(hello.tryAcquire(key, 3).isDegraded()).isFalse();
		Decision fourth = hello.tryAcquire(key);
		assertThat(fourth.isDegraded()).isFalse();
		assertThat(fourth.isAllowed()).isFalse();
	}

	/** Waits until a decision no longer comes from the failure policy: the breaker has closed again. */
	private static void awaitDecidedInRedis(RateLimiter limiter) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
		while (limiter.tryAcquire("probe-" + UUID.randomUUID(), 0).isDegraded() && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		assertThat(limiter.tryAcquire("probe", 0).isDegraded()).isFalse();
	}

	private static void awaitStatus(HealthIndicator indicator, Status expected) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!indicator.health().getStatus().equals(expected) && System.nanoTime() < deadline) {
			Thread.sleep(50);
		}
		assertThat(indicator.health().getStatus()).isEqualTo(expected);
	}

}
