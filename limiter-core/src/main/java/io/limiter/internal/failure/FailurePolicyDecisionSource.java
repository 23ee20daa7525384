package io.limiter.internal.failure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.integration.ThrottledLog;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;

/**
 * Puts a {@link FailurePolicy} and circuit breakers in front of a remote source: while the backend fails, or
 * the breaker of the node that serves a key is open, decisions come from the policy instead of an exception,
 * at once, marked degraded and reported to the observer with their {@link DegradedReason}. While every breaker
 * is healthy a decision costs one volatile read more than the remote source: the key's breaker is looked up
 * only once something failed. Under {@link FailurePolicy#LOCAL_FALLBACK} each grant of Redis is charged to the
 * fallback's share (see {@link SharedFallback}); a local grant is not, as the local tier charged its tokens when it
 * borrowed them.
 * <p>
 * Admin operations go to the remote source as decisions do, and are mirrored on the fallback's share when they
 * succeed, as grants are charged to it. When they fail, or the breaker refuses them,
 * {@link FailurePolicy#LOCAL_FALLBACK} applies them to the share alone ({@link AdminOperation.Outcome#FALLBACK});
 * the other policies make nothing up and let the failure through.
 */
public final class FailurePolicyDecisionSource implements DecisionSource {

	private final String name;

	private final PolicyDecisions withoutState;

	private final DecisionSource remote;

	private final FailurePolicy policy;

	private final SharedFallback fallback;

	private final CircuitBreakers breakers;

	private final Function<String, CircuitBreaker> breakerOfKey;

	private final LimiterObserver observer;

	private final ThrottledLog log;

	private final LimiterBackendException circuitOpen;

	/**
	 * Creates a source.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param remote the source that may fail
	 * @param policy what to decide on failure
	 * @param fallback the in-process limiter of {@link FailurePolicy#LOCAL_FALLBACK}, or {@code null} for the
	 * other policies
	 * @param breakers the breakers of the backend, shared by every limit
	 * @param breakerOfKey the breaker of the node that a user key's calls go to now
	 * @param observer told of every failure
	 * @param log the throttled log of the backend
	 */
	public FailurePolicyDecisionSource(String name, Limit limit, DecisionSource remote, FailurePolicy policy,
			SharedFallback fallback, CircuitBreakers breakers, Function<String, CircuitBreaker> breakerOfKey,
			LimiterObserver observer, ThrottledLog log) {
		if (policy == FailurePolicy.LOCAL_FALLBACK && fallback == null) {
			throw new IllegalArgumentException("local-fallback needs a fallback source for limit '" + name + "'");
		}
		this.name = name;
		this.withoutState = new PolicyDecisions(limit);
		this.remote = remote;
		this.policy = policy;
		this.fallback = fallback;
		this.breakers = breakers;
		this.breakerOfKey = breakerOfKey;
		this.observer = observer;
		this.log = log;
		this.circuitOpen = new LimiterBackendException("the circuit breaker is open after repeated Redis failures",
				null, DegradedReason.CIRCUIT_OPEN);
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		CircuitBreaker breaker = this.breakers.allHealthy() ? null : this.breakerOfKey.apply(key);
		if (breaker != null && !breaker.tryPass()) {
			return decideOnFailure(key, permits, this.circuitOpen, breaker);
		}
		Decision decision;
		try {
			decision = this.remote.decide(key, permits, maxWaitMillis);
		}
		catch (LimiterBackendException ex) {
			return onFailure(key, permits, ex, breaker);
		}
		return onSuccess(key, permits, decision, breaker);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		CircuitBreaker breaker = this.breakers.allHealthy() ? null : this.breakerOfKey.apply(key);
		if (breaker != null && !breaker.tryPass()) {
			return CompletableFuture.completedFuture(decideOnFailure(key, permits, this.circuitOpen, breaker));
		}
		// The fallback decides on the thread that completed the call: an in-memory decision costs less than a
		// hand-over to another thread would.
		return this.remote.decideAsync(key, permits, maxWaitMillis)
			.handle((decision, failure) -> (failure == null) ? onSuccess(key, permits, decision, breaker)
					: onFailure(key, permits, asLimiterException(failure), breaker));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Asks the remote source whatever the breakers say, and lets its failure through: a look is not a decision.
	 */
	@Override
	public Decision peek(String key) {
		return this.remote.peek(key);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return apply(Adjustment.of(key, operation, permits));
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		return applyAsync(Adjustment.of(key, operation, permits));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Under {@link FailurePolicy#LOCAL_FALLBACK} the receipt has a part for each place that took the permits
	 * ({@link FallbackReceipts}): Redis gets its part back as any admin operation, and the share its own, where it
	 * was charged; a grant the share made alone while Redis failed is refunded to the share only.
	 */
	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		return apply(grantRefund(key, receipt));
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		return applyAsync(grantRefund(key, receipt));
	}

	private Adjustment grantRefund(String key, MarkedReceipt receipt) {
		if (this.fallback == null) {
			return Adjustment.refundOf(key, receipt, null);
		}
		return FallbackReceipts.isJoined(receipt)
				? Adjustment.refundOf(key, FallbackReceipts.remote(receipt), FallbackReceipts.share(receipt))
				: Adjustment.refundOf(key, null, null);
	}

	private AdminOperation.Outcome apply(Adjustment adjustment) {
		if (!adjustment.hasRemotePart()) {
			return onShareOnly(adjustment);
		}
		String key = adjustment.key();
		CircuitBreaker breaker = this.breakers.allHealthy() ? null : this.breakerOfKey.apply(key);
		if (breaker != null && !breaker.tryPass()) {
			return adjustOnFailure(adjustment, this.circuitOpen);
		}
		try {
			adjustment.applyTo(this.remote);
		}
		catch (LimiterBackendException ex) {
			countFailure(key, ex, breaker);
			return adjustOnFailure(adjustment, ex);
		}
		return adjusted(adjustment, breaker);
	}

	private CompletionStage<AdminOperation.Outcome> applyAsync(Adjustment adjustment) {
		if (!adjustment.hasRemotePart()) {
			return CompletableFuture.completedFuture(onShareOnly(adjustment));
		}
		String key = adjustment.key();
		CircuitBreaker breaker = this.breakers.allHealthy() ? null : this.breakerOfKey.apply(key);
		if (breaker != null && !breaker.tryPass()) {
			return CompletableFuture.supplyAsync(() -> adjustOnFailure(adjustment, this.circuitOpen), Runnable::run);
		}
		return adjustment.applyAsyncTo(this.remote).handle((outcome, failure) -> {
			if (failure == null) {
				return adjusted(adjustment, breaker);
			}
			LimiterBackendException error = asLimiterException(failure);
			countFailure(key, error, breaker);
			return adjustOnFailure(adjustment, error);
		});
	}

	private AdminOperation.Outcome adjusted(Adjustment adjustment, CircuitBreaker breaker) {
		if (breaker != null) {
			breaker.onSuccess();
		}
		if (this.fallback != null) {
			adjustment.applyToShare(this.fallback);
		}
		return AdminOperation.Outcome.APPLIED;
	}

	/** Applies an operation Redis did not take to this instance's share, or lets the failure through. */
	private AdminOperation.Outcome adjustOnFailure(Adjustment adjustment, LimiterBackendException failure) {
		if (this.fallback == null) {
			throw failure;
		}
		this.log.warn("Redis failed for limit '" + this.name + "' (" + failure.reason().configName() + "), "
				+ adjustment.operation().configName() + " applied to this instance's share only", failure);
		adjustment.applyToShare(this.fallback);
		return AdminOperation.Outcome.FALLBACK;
	}

	/** A refund of a grant Redis took no part of: of the share, or of a receipt this limiter cannot read. */
	private AdminOperation.Outcome onShareOnly(Adjustment adjustment) {
		if (this.fallback != null) {
			adjustment.applyToShare(this.fallback);
		}
		return AdminOperation.Outcome.FALLBACK;
	}

	private Decision onSuccess(String key, long permits, Decision decision, CircuitBreaker breaker) {
		if (breaker != null) {
			breaker.onSuccess();
		}
		if (this.fallback == null) {
			return decision;
		}
		Decision charge = (decision.isAllowed() && !decision.isLocal() && permits > 0)
				? this.fallback.chargeGrant(key, permits) : null;
		return decision.receipt().isPresent() ? FallbackReceipts.charged(decision, charge) : decision;
	}

	/**
	 * Decides by the policy after a failed call. An interrupted caller, a call that was late while its node
	 * answered others, or one that Redis asked to try again later, tells nothing about whether Redis is down, so it
	 * does not count toward the breaker.
	 */
	private Decision onFailure(String key, long permits, LimiterBackendException failure, CircuitBreaker known) {
		return decideOnFailure(key, permits, failure, countFailure(key, failure, known));
	}

	/** Counts a failure toward the key's breaker, unless it tells nothing about whether Redis is down. */
	private CircuitBreaker countFailure(String key, LimiterBackendException failure, CircuitBreaker known) {
		CircuitBreaker breaker = (known != null) ? known : this.breakerOfKey.apply(key);
		if (failure.reason() != DegradedReason.INTERRUPTED && !(failure instanceof SlowAnswerException)
				&& !(failure instanceof RetryLaterException)) {
			breaker.onFailure();
		}
		return breaker;
	}

	private Decision decideOnFailure(String key, long permits, LimiterBackendException failure, CircuitBreaker breaker) {
		this.observer.onBackendFailure(this.name, this.policy, failure.reason(), failure);
		// refusals by an open breaker count too, so that the log's "not logged" counts add up to every decision
		// made by the policy
		this.log.warn("Redis failed for limit '" + this.name + "' (" + failure.reason().configName()
				+ "), decided by " + this.policy, failure);
		Decision decision = switch (this.policy) {
			case FAIL_OPEN -> this.withoutState.allowed(permits);
			case FAIL_CLOSED -> this.withoutState.denied(breaker);
			case LOCAL_FALLBACK -> fallbackDecision(key, permits);
		};
		return Decisions.degraded(decision);
	}

	private Decision fallbackDecision(String key, long permits) {
		Decision decision = this.fallback.decide(key, permits, 0);
		return decision.receipt().isPresent() ? FallbackReceipts.ofShare(decision) : decision;
	}

	private LimiterBackendException asLimiterException(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		return (cause instanceof LimiterBackendException known) ? known
				: new LimiterBackendException("limit '" + this.name + "' failed: " + cause, cause, DegradedReason.ERROR);
	}

}
