package io.limiter.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.ConcurrencyPermit;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterMetricsAutoConfiguration;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The failure policies on a real Redis server that goes away: fail-open lets requests through, fail-closed
 * denies them, local-fallback decides them in memory; every one counts as an error. Concurrency limits take their
 * policy from their own settings as rate limits do.
 */
class FailurePolicyIntegrationTests {

	@Test
	void eachPolicyDecidesWhenRedisIsGone() {
		try (RedisServerProcess server = RedisFixtures.startStandalone()) {
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class,
						LimiterMetricsAutoConfiguration.class))
				.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
				.withPropertyValues("limiter.redis.url=" + server.uri(), "limiter.redis.timeout=200ms",
						"limiter.failure-policy=fail-closed", "limiter.limits.open.capacity=2",
						"limiter.limits.open.period=1h", "limiter.limits.open.failure-policy=fail-open",
						"limiter.limits.closed.capacity=2", "limiter.limits.closed.period=1h",
						"limiter.limits.fallback.capacity=2", "limiter.limits.fallback.period=1h",
						"limiter.limits.fallback.failure-policy=local-fallback")
				.run((context) -> {
					LimitEnforcers enforcers = context.getBean(LimitEnforcers.class);
					assertThat(enforcers.get("closed").enforce("k", 1, null).decision().remaining()).isEqualTo(1);
					server.stop();

					Enforcement open = enforcers.get("open").enforce("k", 1, null);
					assertThat(open.allowed()).isTrue();
					assertThat(open.reportable()).isFalse();

					Enforcement closed = enforcers.get("closed").enforce("k", 1, null);
					assertThat(closed.allowed()).isFalse();
					assertThat(closed.decision().retryAfterMillis()).isEqualTo(1000);

					assertThat(enforcers.get("fallback").enforce("k", 1, null).allowed()).isTrue();
					assertThat(enforcers.get("fallback").enforce("k", 1, null).allowed()).isTrue();
					Enforcement fallback = enforcers.get("fallback").enforce("k", 1, null);
					assertThat(fallback.allowed()).isFalse();
					assertThat(fallback.decision().retryAfterMillis()).isPositive();

					MeterRegistry meters = context.getBean(MeterRegistry.class);
					assertThat(meters.get("limiter.decisions").tag("outcome", "error").counters())
						.extracting((counter) -> counter.getId().getTag("limit") + "=" + (long) counter.count())
						.containsExactlyInAnyOrder("open=1", "closed=1", "fallback=3");
				});
		}
	}

	@Test
	void eachPolicyDecidesAConcurrencyLimitWhenRedisIsGone() {
		try (RedisServerProcess server = RedisFixtures.startStandalone()) {
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class,
						LimiterMetricsAutoConfiguration.class))
				.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
				.withPropertyValues("limiter.redis.url=" + server.uri(), "limiter.redis.timeout=200ms",
						"limiter.failure-policy=fail-closed", "limiter.fallback-instances=1",
						"limiter.concurrency.open.max-in-flight=2", "limiter.concurrency.open.failure-policy=fail-open",
						"limiter.concurrency.closed.max-in-flight=2", "limiter.concurrency.fallback.max-in-flight=2",
						"limiter.concurrency.fallback.failure-policy=local-fallback")
				.run((context) -> {
					ConcurrencyLimiters limiters = context.getBean(ConcurrencyLimiters.class);
					ConcurrencyPermit held = limiters.get("fallback").tryAcquire("k");
					assertThat(held.isDegraded()).isFalse();
					server.stop();

					ConcurrencyPermit open = limiters.get("open").tryAcquire("k");
					assertThat(open.isAllowed()).isTrue();
					assertThat(open.isDegraded()).isTrue();

					assertThat(limiters.get("closed").tryAcquire("k").isAllowed()).isFalse();

					assertThat(limiters.get("fallback").tryAcquire("k").isAllowed()).as("the share of 2 holds 1")
						.isTrue();
					assertThat(limiters.get("fallback").tryAcquire("k").isAllowed()).isFalse();

					MeterRegistry meters = context.getBean(MeterRegistry.class);
					assertThat(meters.get("limiter.decisions").tag("outcome", "error").counters())
						.extracting((counter) -> counter.getId().getTag("limit") + "=" + (long) counter.count())
						.containsExactlyInAnyOrder("open=1", "closed=1", "fallback=2");
					assertThat(meters.get("limiter.permits.in-flight").tag("limit", "fallback").gauge().value())
						.isEqualTo(2);
				});
		}
	}

}
