package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.LimiterBackend;
import io.limiter.LimiterOptions;
import io.limiter.integration.LimitNames;
import io.limiter.spring.internal.ConcurrencyLimiters;

/**
 * Turns {@code limiter.concurrency.*} into checked {@link ConcurrencyLimit}s and their limiters, reporting the first
 * bad setting by its property name.
 */
final class ConcurrencyDefinitions {

	private static final String PREFIX = "limiter.concurrency.";

	private ConcurrencyDefinitions() {
	}

	/**
	 * Checks the concurrency limits and gets their limiters from the backend.
	 * @param properties the settings
	 * @param backend the backend
	 * @return the limiters
	 */
	static ConcurrencyLimiters limiters(LimiterProperties properties, LimiterBackend backend) {
		List<ConcurrencyLimiter> limiters = new ArrayList<>();
		properties.getConcurrency().forEach((name, settings) -> {
			ConcurrencyLimit limit = limit(name, settings, properties);
			LimiterOptions.Builder options = LimiterOptions.builder();
			if (settings.getFailurePolicy() != null) {
				options.failurePolicy(settings.getFailurePolicy());
			}
			limiters.add(backend.concurrencyLimiter(name, limit, options.build()));
		});
		return new ConcurrencyLimiters(limiters);
	}

	private static ConcurrencyLimit limit(String name, ConcurrencySettings settings, LimiterProperties properties) {
		String property = PREFIX + name;
		LimitDefinitions.check(property, name, LimitNames::check);
		if (properties.getLimits().containsKey(name)) {
			throw new InvalidLimiterPropertyException(property, name, "limiter.limits." + name
					+ " is a rate limit of the same name; a name is either a rate limit or a concurrency limit", null);
		}
		if (settings.getMaxInFlight() == null) {
			throw new InvalidLimiterPropertyException(property + ".max-in-flight", null,
					"max-in-flight must be set: the most requests of a key in flight at once", null);
		}
		LimitDefinitions.check(property + ".max-in-flight", settings.getMaxInFlight(),
				(max) -> ConcurrencyLimit.of(max));
		if (settings.getLease() == null) {
			throw new InvalidLimiterPropertyException(property + ".lease", null, "lease must be set, for example 30s",
					null);
		}
		try {
			return ConcurrencyLimit.of(settings.getMaxInFlight(), settings.getLease());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property + ".lease", settings.getLease(), ex.getMessage(), ex);
		}
	}

}
