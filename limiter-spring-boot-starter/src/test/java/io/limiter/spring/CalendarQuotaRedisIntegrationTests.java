package io.limiter.spring;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.UUID;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A calendar quota from {@code application.yml} on a real Redis, standalone and cluster, on the server's clock: the
 * day's capacity is granted, then a denial waits until the day ends at midnight in the limit's zone. The day is taken
 * from one clock reading, before the decisions, so that a run across midnight cannot break the test.
 */
class CalendarQuotaRedisIntegrationTests {

	private static final long DAY = Duration.ofDays(1).toMillis();

	/** What the server's clock and this process's may differ by, with the time of the calls: the same machine's. */
	private static final long SLACK = Duration.ofSeconds(1).toMillis();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class));

	@ParameterizedTest(name = "{0}, zone {1}")
	@CsvSource({ "standalone, UTC", "cluster, UTC", "cluster, Asia/Kolkata" })
	void theDaysCapacityIsGrantedThenADenialWaitsForTheZonesMidnight(String topology, String zone) {
		String name = "daily-" + UUID.randomUUID().toString().substring(0, 8);
		String prefix = "limiter.limits." + name + ".";
		this.runner
			.withPropertyValues(redis(topology), prefix + "algorithm=fixed-window", prefix + "capacity=2",
					prefix + "calendar=day", prefix + "zone=" + zone)
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThat(registry.backend()).isInstanceOf(RedisBackend.class);
				RateLimiter limiter = registry.limiter(name);
				Instant asked = Instant.now();
				assertThat(limiter.tryAcquire("tenant", 2).isAllowed()).isTrue();
				Decision denied = limiter.tryAcquire("tenant", 1);
				assertThat(denied.isAllowed()).isFalse();
				assertThat(denied.retryAfterMillis()).isPositive().isLessThanOrEqualTo(DAY);
				long offset = ZoneId.of(zone).getRules().getOffset(asked).getTotalSeconds() * 1000L;
				long end = Math.floorMod(asked.toEpochMilli() + denied.retryAfterMillis() + offset, DAY);
				assertThat(Math.min(end, DAY - end)).as("the wait ends at midnight in %s", zone).isLessThan(SLACK);
				assertThat(limiter.tryAcquire("another-tenant", 2).isAllowed()).as("each key has its day").isTrue();
			});
	}

	private static String redis(String topology) {
		return topology.equals("cluster") ? "limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes()
				: "limiter.redis.url=" + RedisFixtures.standalone().uri();
	}

}
