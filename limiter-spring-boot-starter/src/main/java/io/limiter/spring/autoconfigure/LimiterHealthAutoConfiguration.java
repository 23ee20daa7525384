package io.limiter.spring.autoconfigure;

import java.time.Duration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;
import io.limiter.spring.internal.actuate.DegradedThreshold;
import io.limiter.spring.internal.actuate.LimiterHealthIndicator;
import io.limiter.spring.internal.actuate.RecentDecisions;

/**
 * Auto-configuration of the health of the limits' backend, reported as {@code limiter}: read from the backend,
 * which knows whether it is connected, whether a circuit breaker is open and what is unsafe in Redis' settings, and
 * from the recent decisions, which one observer of the backend counts ({@code limiter.health.*}). Turned off by
 * {@code management.health.limiter.enabled=false}. A {@link LimiterClock} bean, when present, is the clock of the
 * counts.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnEnabledHealthIndicator("limiter")
@ConditionalOnBean(LimiterBackend.class)
public final class LimiterHealthAutoConfiguration {

	private static final String PREFIX = "limiter.health.";

	/** The decisions of the last window: an observer of the backend beside the application's own. */
	@Bean
	@ConditionalOnMissingBean
	RecentDecisions limiterRecentDecisions(LimiterProperties properties, ObjectProvider<LimiterClock> clock) {
		Duration window = properties.getHealth().getWindow();
		LimitDefinitions.check(PREFIX + "window", window, RecentDecisions::checkWindow);
		return new RecentDecisions(window, SingleCandidate.of(clock, LimiterClock.class, LimiterClock::system));
	}

	@Bean
	@ConditionalOnMissingBean(name = "limiterHealthIndicator")
	LimiterHealthIndicator limiterHealthIndicator(LimiterBackend backend, RecentDecisions recent,
			LimiterProperties properties) {
		HealthSettings health = properties.getHealth();
		LimitDefinitions.check(PREFIX + "degraded-share", health.getDegradedShare(), DegradedThreshold::checkShare);
		LimitDefinitions.check(PREFIX + "minimum-degraded-decisions", health.getMinimumDegradedDecisions(),
				DegradedThreshold::checkMinimumDecisions);
		return new LimiterHealthIndicator(backend, recent,
				new DegradedThreshold(health.getDegradedShare(), health.getMinimumDegradedDecisions()));
	}

}
