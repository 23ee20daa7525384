package io.limiter.spring.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.spring.RateLimiterRegistry;

/**
 * Enforces one limit for the filter and the aspect: asks the limit's current limiter, applies the failure
 * policy when the backend fails and shadow mode when the limit denies, and records the outcome.
 */
public final class LimitEnforcer {

	private static final Log logger = LogFactory.getLog(LimitEnforcer.class);

	private final String name;

	private final RateLimiterRegistry registry;

	private final LimitPolicy policy;

	private final LimiterMetrics metrics;

	private final ThrottledLog shadowLog = new ThrottledLog(logger, 1, TimeUnit.SECONDS);

	/**
	 * Creates an enforcer.
	 * @param name the limit name
	 * @param registry where the limit's current limiter is
	 * @param policy the limit's failure policy and shadow mode
	 * @param metrics where outcomes are recorded
	 */
	public LimitEnforcer(String name, RateLimiterRegistry registry, LimitPolicy policy, LimiterMetrics metrics) {
		this.name = name;
		this.registry = registry;
		this.policy = policy;
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
	 * Returns the current capacity of the limit: the most permits one request can take, the smallest capacity of
	 * its rates.
	 * @return the capacity
	 */
	public long capacity() {
		return this.registry.limiter(this.name).limit().maxPermits();
	}

	/**
	 * Records that a caller takes this many permits on each request; see
	 * {@link RateLimiterRegistry#requireCapacity(String, long, String)}.
	 * @param cost the permits taken per request
	 * @param user who takes them, for messages
	 * @throws IllegalArgumentException naming the limit, its capacity, the cost and the user when the cost is
	 * above the current capacity
	 */
	public void requireCapacity(long cost, String user) {
		this.registry.requireCapacity(this.name, cost, user);
	}

	/**
	 * Returns the limit's failure policy and shadow mode.
	 * @return the policy
	 */
	public LimitPolicy policy() {
		return this.policy;
	}

	/**
	 * Takes permits for a key and concludes whether the request may go on. When the backend fails, the
	 * limiter's failure policy has decided (a degraded decision) and the outcome is recorded as an error.
	 * @param key the key
	 * @param permits the permits to take
	 * @return the verdict
	 */
	public Verdict enforce(String key, long permits) {
		long start = System.nanoTime();
		RateLimiter limiter = this.registry.limiter(this.name);
		return conclude(limiter, key, limiter.tryAcquire(key, permits), start);
	}

	/**
	 * The asynchronous twin of {@link #enforce(String, long)}, through
	 * {@link RateLimiter#tryAcquireAsync(String, long)}: the calling thread never waits for the backend. The
	 * verdict completes on the caller's thread when the decision is known at once (in memory, local tier, or a
	 * Redis answer that was quicker), else on the thread that completes it (Lettuce's for Redis).
	 * @param key the key
	 * @param permits the permits to take
	 * @return a future completed with the verdict
	 */
	public CompletableFuture<Verdict> enforceAsync(String key, long permits) {
		long start = System.nanoTime();
		RateLimiter limiter = this.registry.limiter(this.name);
		return limiter.tryAcquireAsync(key, permits)
			.toCompletableFuture()
			.thenApply((decision) -> conclude(limiter, key, decision, start));
	}

	private Verdict conclude(RateLimiter limiter, String key, Decision decision, long start) {
		Outcome outcome = decision.isDegraded() ? Outcome.ERROR : decision.isAllowed() ? Outcome.ALLOWED
				: this.policy.shadow() ? Outcome.SHADOW_DENIED : Outcome.DENIED;
		this.metrics.record(this.name, outcome, decision, System.nanoTime() - start);
		return verdict(limiter.limit(), key, decision);
	}

	private Verdict verdict(Limit limit, String key, Decision decision) {
		if (decision.isDegraded() && decision.isAllowed()) {
			return new Verdict(this.name, limit, null, true);
		}
		if (this.policy.shadow()) {
			if (!decision.isAllowed()) {
				this.shadowLog.info(() -> "Limit '" + this.name + "' (shadow mode) would have denied key "
						+ LoggedKeys.quote(key) + ": " + decision);
			}
			return new Verdict(this.name, limit, null, true);
		}
		return new Verdict(this.name, limit, decision, decision.isAllowed());
	}

}
