package io.limiter.spring.internal;

import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterException;
import io.limiter.spring.FailurePolicy;
import io.limiter.spring.RateLimiterRegistry;

/**
 * Enforces one limit for the filter and the aspect: asks the limit's current limiter, applies the failure
 * policy when the backend fails and shadow mode when the limit denies, and records the outcome.
 */
public final class LimitEnforcer {

	private static final Log logger = LogFactory.getLog(LimitEnforcer.class);

	private static final long FAIL_CLOSED_RETRY_MILLIS = 1000;

	private final String name;

	private final RateLimiterRegistry registry;

	private final LimitPolicy policy;

	private final LimiterBackend fallback;

	private final LimiterMetrics metrics;

	private final ThrottledLog failureLog = new ThrottledLog(logger, 10, TimeUnit.SECONDS);

	private final ThrottledLog shadowLog = new ThrottledLog(logger, 1, TimeUnit.SECONDS);

	/**
	 * Creates an enforcer.
	 * @param name the limit name
	 * @param registry where the limit's current limiter is
	 * @param policy the limit's failure policy and shadow mode
	 * @param fallback the in-memory backend of {@link FailurePolicy#LOCAL_FALLBACK}, or {@code null}
	 * @param metrics where outcomes are recorded
	 */
	public LimitEnforcer(String name, RateLimiterRegistry registry, LimitPolicy policy, LimiterBackend fallback,
			LimiterMetrics metrics) {
		this.name = name;
		this.registry = registry;
		this.policy = policy;
		this.fallback = fallback;
		this.metrics = metrics;
		registry.limiter(name);
	}

	/**
	 * Returns the name of the limit.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	/**
	 * Returns the current capacity of the limit.
	 * @return the capacity
	 */
	public long capacity() {
		return this.registry.limiter(this.name).limit().capacity();
	}

	/**
	 * Returns the limit's failure policy and shadow mode.
	 * @return the policy
	 */
	public LimitPolicy policy() {
		return this.policy;
	}

	/**
	 * Takes permits for a key and concludes whether the request may go on.
	 * @param key the key
	 * @param permits the permits to take
	 * @return the verdict
	 */
	public Verdict enforce(String key, long permits) {
		long start = System.nanoTime();
		RateLimiter limiter = this.registry.limiter(this.name);
		Decision decision;
		Outcome outcome;
		try {
			decision = limiter.tryAcquire(key, permits);
			outcome = decision.isAllowed() ? Outcome.ALLOWED
					: this.policy.shadow() ? Outcome.SHADOW_DENIED : Outcome.DENIED;
		}
		catch (RateLimiterException ex) {
			this.failureLog.warn(() -> "Limit '" + this.name + "' could not decide, applying "
					+ this.policy.failurePolicy() + ": " + ex.getMessage());
			decision = decideOnFailure(limiter, key, permits);
			outcome = Outcome.ERROR;
		}
		this.metrics.record(this.name, outcome, decision, System.nanoTime() - start);
		return verdict(limiter.limit(), key, decision);
	}

	private Decision decideOnFailure(RateLimiter limiter, String key, long permits) {
		Limit limit = limiter.limit();
		return switch (this.policy.failurePolicy()) {
			case FAIL_OPEN -> null;
			case FAIL_CLOSED -> Decision.denied(limit.capacity(), 0,
					Math.min(FAIL_CLOSED_RETRY_MILLIS, limit.periodMillis()), limit.periodMillis());
			case LOCAL_FALLBACK -> this.fallback.limiter(this.name, limit).tryAcquire(key, permits);
		};
	}

	private Verdict verdict(Limit limit, String key, Decision decision) {
		if (decision == null) {
			return new Verdict(this.name, limit, null, true);
		}
		if (this.policy.shadow()) {
			if (!decision.isAllowed()) {
				this.shadowLog.info(() -> "Limit '" + this.name + "' (shadow mode) would have denied key '" + key
						+ "': " + decision);
			}
			return new Verdict(this.name, limit, null, true);
		}
		return new Verdict(this.name, limit, decision, decision.isAllowed());
	}

}
