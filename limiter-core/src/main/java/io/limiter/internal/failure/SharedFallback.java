package io.limiter.internal.failure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.FallbackCharge;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.memory.InMemoryDecisionSource;
import io.limiter.internal.memory.InMemoryStates;

/**
 * The in-memory limiter of {@link io.limiter.FailurePolicy#LOCAL_FALLBACK}: the limit's own algorithm with this
 * instance's share of the capacity, {@code ceil(capacity / instances)} of each of its rates, where the number of
 * instances comes from the backend's heartbeat or from the user.
 * <p>
 * While Redis decides, each grant it makes ({@link #chargeGrant}), and each batch a local tier borrows
 * ({@link #charge}), is also charged here, so the share holds what this instance already took: a switch to the
 * fallback goes on from there instead of starting with a fresh burst, and switching back and forth adds no burst of
 * its own. A grant is charged as a decision of the share when the share has its permits, so that the grant's refund
 * gives them back here too; any other charge is taken as a penalty is, whatever the share has left and from every
 * rate of the limit, down to a debt of at most one full share: a charge of more permits than the share has, or one
 * that a single rate of several could not grant, must not be lost.
 * A new number of instances changes the share; each key keeps its state, read with the new numbers.
 */
public final class SharedFallback implements DecisionSource, FallbackCharge {

	private final String name;

	private final Limit limit;

	private final IntSupplier instances;

	private final InMemoryStates states;

	private volatile Share current;

	/**
	 * Creates a fallback.
	 * @param name the limit's name
	 * @param limit the limit whose capacity is shared
	 * @param instances how many instances share it now, at least 1
	 * @param states the backend's in-memory states of the fallbacks, in which a key keeps its state across a
	 * change of the share as across any change of a limit
	 */
	public SharedFallback(String name, Limit limit, IntSupplier instances, InMemoryStates states) {
		this.name = name;
		this.limit = limit;
		this.instances = instances;
		this.states = states;
		this.current = newShare(Math.max(1, instances.getAsInt()));
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		return share().source.decide(key, permits, 0);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		return CompletableFuture.completedFuture(decide(key, permits, maxWaitMillis));
	}

	@Override
	public Decision peek(String key) {
		return share().source.peek(key);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return share().source.adjust(key, operation, permits);
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		return share().source.adjustAsync(key, operation, permits);
	}

	@Override
	public void charge(String key, long permits) {
		chargeGrant(key, permits);
	}

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		return share().source.refund(key, receipt);
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		return share().source.refundAsync(key, receipt);
	}

	/**
	 * Charges permits that Redis granted: taken from the share as a decision when it has them, so that the refund of
	 * the grant gives them back here too, else as a penalty, so that the charge is not lost.
	 * @param key the user's key
	 * @param permits the permits granted
	 * @return the share's grant with its receipt, or {@code null} when the share had not got them and was charged as
	 * a penalty (a refund of the grant then leaves the share charged, which errs low)
	 */
	public Decision chargeGrant(String key, long permits) {
		InMemoryDecisionSource source = share().source;
		Decision taken = source.decide(key, permits, 0);
		if (taken.isAllowed()) {
			return taken;
		}
		source.adjust(key, AdminOperation.PENALTY, permits);
		return null;
	}

	private Share share() {
		int instances = Math.max(1, this.instances.getAsInt());
		Share share = this.current;
		if (share.instances != instances) {
			share = newShare(instances);
			this.current = share;
		}
		return share;
	}

	private Share newShare(int instances) {
		Limit.Builder shares = Limit.builder(this.limit.algorithm());
		for (Rate rate : this.limit.rates()) {
			shares.rate(rate.withCapacity((rate.capacity() + instances - 1) / instances));
		}
		Limit share = shares.build();
		return new Share(instances, this.states.source(this.name, share));
	}

	private record Share(int instances, InMemoryDecisionSource source) {
	}

}
