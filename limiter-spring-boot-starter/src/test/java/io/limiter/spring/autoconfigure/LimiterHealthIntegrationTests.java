package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.spring.internal.actuate.LimiterHealthIndicator;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code limiter} health on real servers: {@code DEGRADED} with the reason while Redis answers scripts with
 * errors (connected, its breaker closed, since the denials it still answers keep resetting it), {@code UP} again once
 * the window has passed; and a Redis that may evict Limiter's keys warned of at start-up and in the health.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterHealthIntegrationTests {

	private final AtomicLong now = new AtomicLong(1_000_000);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class))
		.withBean(LimiterClock.class, () -> this.now::get)
		.withPropertyValues("limiter.redis.timeout=2s", "limiter.redis.minimum-timeout=2s",
				"limiter.limits.hello.capacity=1", "limiter.limits.hello.period=1h",
				"limiter.limits.hello.local-tier.mode=none", "limiter.health.window=10s");

	@Test
	void degradedWithTheReasonWhileRedisAnswersScriptsWithErrorsAndUpOnceTheWindowHasPassed() {
		try (RedisServerProcess server = RedisFixtures.startStandalone()) {
			this.runner.withPropertyValues("limiter.redis.url=" + server.uri()).run((context) -> {
				HealthIndicator indicator = context.getBean("limiterHealthIndicator", HealthIndicator.class);
				RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
				assertThat(hello.tryAcquire("spent").isAllowed()).isTrue();
				assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
				server.command("CONFIG", "SET", "maxmemory", "1", "maxmemory-policy", "noeviction");
				for (int i = 0; i < 20; i++) {
					assertThat(hello.tryAcquire("spent").isDegraded()).as("a denial writes nothing").isFalse();
					assertThat(hello.tryAcquire("new-" + i).isDegraded()).as("an OOM error").isTrue();
				}
				Health degraded = indicator.health();
				assertThat(degraded.getStatus()).as(degraded.getDetails().toString())
					.isEqualTo(LimiterHealthIndicator.DEGRADED);
				assertThat(degraded.getDetails()).containsEntry("connected", true)
					.containsEntry("circuitOpen", false)
					.containsEntry("reason",
							"the failure policy made 20 of the 41 decisions of the last 10s (error 20)")
					.containsEntry("decisions", Map.of("window", "10s", "total", 41L, "degraded", 20L,
							"degradedShare", 0.4878, "degradedReasons", Map.of("error", 20L)));
				server.command("CONFIG", "SET", "maxmemory", "0");
				assertThat(hello.tryAcquire("after").isDegraded()).isFalse();
				this.now.addAndGet(Duration.ofSeconds(5).toMillis());
				assertThat(indicator.health().getStatus()).as("within the window")
					.isEqualTo(LimiterHealthIndicator.DEGRADED);
				this.now.addAndGet(Duration.ofSeconds(6).toMillis());
				Health recovered = indicator.health();
				assertThat(recovered.getStatus()).as(recovered.getDetails().toString()).isEqualTo(Status.UP);
				assertThat(recovered.getDetails()).doesNotContainKey("reason");
			});
		}
	}

	@Test
	void aRedisThatMayEvictLimiterKeysIsWarnedOfAtStartUpAndInTheHealthWhichStaysUp(CapturedOutput output)
			throws InterruptedException {
		try (RedisServerProcess server = RedisFixtures.startStandalone("--maxmemory", "64mb", "--maxmemory-policy",
				"volatile-lru"); ConfigurableApplicationContext context = start(server)) {
			HealthIndicator indicator = context.getBean("limiterHealthIndicator", HealthIndicator.class);
			Health health = awaitDetail(indicator, "configurationWarnings");
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsKey("configurationWarnings");
			String warning = "Redis standalone 127.0.0.1:" + server.port()
					+ " has maxmemory-policy volatile-lru with maxmemory 67108864 bytes";
			assertThat(health.getDetails().get("configurationWarnings").toString()).contains(warning,
					"Set maxmemory-policy noeviction");
			assertThat(output).containsOnlyOnce(warning);
			assertThat(output.toString().lines().filter((line) -> line.contains(warning)))
				.singleElement()
				.satisfies((line) -> assertThat(line).contains("WARN"));
		}
	}

	@Test
	void aRedisThatNeverEvictsIsNotWarnedOf(CapturedOutput output) throws InterruptedException {
		try (RedisServerProcess server = RedisFixtures.startStandalone("--maxmemory", "64mb", "--maxmemory-policy",
				"noeviction"); ConfigurableApplicationContext context = start(server)) {
			RateLimiter hello = context.getBean(RateLimiterRegistry.class).limiter("hello");
			assertThat(hello.tryAcquire("k").isDegraded()).as("decided after the configuration was read").isFalse();
			Health health = context.getBean("limiterHealthIndicator", HealthIndicator.class).health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).doesNotContainKey("configurationWarnings");
			assertThat(output).doesNotContain("maxmemory");
		}
	}

	private static ConfigurableApplicationContext start(RedisServerProcess server) throws InterruptedException {
		SpringApplication application = new SpringApplication(Application.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		ConfigurableApplicationContext context = application.run("--limiter.redis.url=" + server.uri(),
				"--limiter.limits.hello.capacity=5", "--limiter.limits.hello.period=1m");
		assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20)))
			.as("the first connection of a cold JVM may take longer than limiter.redis.startup-wait")
			.isTrue();
		return context;
	}

	private static Health awaitDetail(HealthIndicator indicator, String detail) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!indicator.health().getDetails().containsKey(detail) && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		return indicator.health();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class })
	static class Application {

	}

}
