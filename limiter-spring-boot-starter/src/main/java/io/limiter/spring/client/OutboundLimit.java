package io.limiter.spring.client;

import java.lang.System.Logger.Level;
import java.time.Duration;

import org.springframework.http.HttpRequest;

import io.limiter.Decision;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.integration.LoggedKeys;
import io.limiter.integration.ThrottledLog;

/**
 * The checked settings of one limited HTTP client: which limit and plan, the key of a call, its cost, the longest
 * wait and whether the limit is in shadow mode. The limiter is looked up in the registry on every call, so that a
 * changed limit applies to the next call.
 */
final class OutboundLimit {

	private static final System.Logger logger = System.getLogger(OutboundLimit.class.getName());

	private static final Duration SHADOW_LOG_INTERVAL = Duration.ofSeconds(1);

	private final RateLimiterRegistry registry;

	private final String name;

	private final String plan;

	private final OutboundKeyResolver keyResolver;

	private final long cost;

	private final Duration maxWait;

	private final boolean shadow;

	private final ThrottledLog shadowLog = new ThrottledLog(logger, SHADOW_LOG_INTERVAL, LimiterClock.system());

	OutboundLimit(RateLimiterRegistry registry, String name, String plan, OutboundKeyResolver keyResolver, long cost,
			Duration maxWait, boolean shadow) {
		this.registry = registry;
		this.name = name;
		this.plan = plan;
		this.keyResolver = keyResolver;
		this.cost = cost;
		this.maxWait = maxWait;
		this.shadow = shadow;
	}

	RateLimiter limiter() {
		return this.registry.limiter(this.name, this.plan);
	}

	long cost() {
		return this.cost;
	}

	/** {@return how long a call may wait for its permits: never in shadow mode} */
	Duration maxWait() {
		return this.shadow ? Duration.ZERO : this.maxWait;
	}

	/**
	 * Returns whether a call may be sent: when it was allowed, or, in shadow mode, when it was denied (which is
	 * logged, at most once a second, and never enforced).
	 * @param request the call
	 * @param key its key
	 * @param decision the limiter's decision
	 * @return whether to send it
	 */
	boolean sends(HttpRequest request, String key, Decision decision) {
		if (decision.isAllowed()) {
			return true;
		}
		if (this.shadow) {
			this.shadowLog.log(Level.INFO, () -> "Limit '" + this.name + "' (shadow mode) would have denied "
					+ request.getMethod() + " " + request.getURI() + " of key " + LoggedKeys.quote(key) + ": "
					+ decision);
		}
		return this.shadow;
	}

	String keyOf(HttpRequest request) {
		String key = this.keyResolver.key(request);
		if (key == null || key.isBlank()) {
			throw new IllegalStateException("the key resolver of limit '" + this.name + "' gave no key ('" + key
					+ "') for " + request.getMethod() + " " + request.getURI() + "; the call was not sent");
		}
		return key;
	}

	OutboundRateLimitExceededException denied(HttpRequest request, String key, Decision decision) {
		return new OutboundRateLimitExceededException(this.name, this.plan, key, request.getMethod(), request.getURI(),
				this.maxWait, decision);
	}

	@Override
	public String toString() {
		return "limit '" + this.name + "' (plan '" + this.plan + "', " + this.cost + " permits per call, maxWait "
				+ this.maxWait + (this.shadow ? ", shadow mode" : "") + ")";
	}

}
