package io.limiter.internal.failure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.RateLimiterException;
import io.limiter.internal.DecisionSource;

/**
 * Puts a {@link FailurePolicy} and a {@link CircuitBreaker} in front of a remote source: while the backend
 * fails, or the breaker is open, decisions come from the policy instead of an exception, at once.
 */
public final class FailurePolicyDecisionSource implements DecisionSource {

	private final String name;

	private final Limit limit;

	private final DecisionSource remote;

	private final FailurePolicy policy;

	private final DecisionSource fallback;

	private final CircuitBreaker breaker;

	private final LimiterObserver observer;

	private final ThrottledLog log;

	private final RateLimiterException circuitOpen;

	/**
	 * Creates a source.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param remote the source that may fail
	 * @param policy what to decide on failure
	 * @param fallback the in-process source of {@link FailurePolicy#LOCAL_FALLBACK}, or {@code null} for the
	 * other policies
	 * @param breaker the breaker of the backend, shared by its limits
	 * @param observer told of every failure
	 * @param log the throttled log of the backend
	 */
	public FailurePolicyDecisionSource(String name, Limit limit, DecisionSource remote, FailurePolicy policy,
			DecisionSource fallback, CircuitBreaker breaker, LimiterObserver observer, ThrottledLog log) {
		if (policy == FailurePolicy.LOCAL_FALLBACK && fallback == null) {
			throw new IllegalArgumentException("local-fallback needs a fallback source for limit '" + name + "'");
		}
		this.name = name;
		this.limit = limit;
		this.remote = remote;
		this.policy = policy;
		this.fallback = fallback;
		this.breaker = breaker;
		this.observer = observer;
		this.log = log;
		this.circuitOpen = new RateLimiterException("the circuit breaker is open after repeated Redis failures",
				null);
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		if (!this.breaker.tryPass()) {
			return decideOnFailure(key, permits, this.circuitOpen);
		}
		try {
			Decision decision = this.remote.decide(key, permits, maxWaitMillis);
			this.breaker.onSuccess();
			return decision;
		}
		catch (RateLimiterException ex) {
			this.breaker.onFailure();
			return decideOnFailure(key, permits, ex);
		}
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		if (!this.breaker.tryPass()) {
			return CompletableFuture.completedFuture(decideOnFailure(key, permits, this.circuitOpen));
		}
		return this.remote.decideAsync(key, permits, maxWaitMillis).handle((decision, failure) -> {
			if (failure == null) {
				this.breaker.onSuccess();
				return decision;
			}
			this.breaker.onFailure();
			return decideOnFailure(key, permits, unwrap(failure));
		});
	}

	private Decision decideOnFailure(String key, long permits, Throwable failure) {
		this.observer.onBackendFailure(this.name, this.policy, failure);
		if (failure != this.circuitOpen) {
			this.log.warn("Redis failed for limit '" + this.name + "', decided by " + this.policy, failure);
		}
		return switch (this.policy) {
			case FAIL_OPEN -> Decision.allowed(this.limit.capacity(), this.limit.capacity() - permits, 0);
			case FAIL_CLOSED -> Decision.denied(this.limit.capacity(), 0, retryAfterWhileFailing(), 0);
			case LOCAL_FALLBACK -> this.fallback.decide(key, permits, 0);
		};
	}

	private long retryAfterWhileFailing() {
		return Math.max(1, Math.min(this.breaker.millisUntilProbe(), this.limit.periodMillis()));
	}

	private static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
