package io.limiter.internal.memory;

import java.util.function.Consumer;
import java.util.function.Function;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.algorithm.KeyState;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The in-memory state of every key of one limit name and algorithm, shared by its limiters whatever their capacity
 * and period: a limiter of other numbers than a key's state moves the state to its own numbers
 * ({@link KeyState#moveTo(Limit)}), so a change of the limit keeps each key's state as Redis does.
 * <p>
 * The map is bounded, and every key has a state of its own: a new key that finds it full of states that still owe
 * makes room by evicting the one whose loss costs least ({@link EvictingStateMap}); that key's next request starts
 * afresh, which may grant it again the permits it owed.
 */
public final class LimitStates {

	private final LimitAlgorithm algorithm;

	private final EvictingStateMap<KeyState> states;

	/**
	 * Creates the states of one limit name and algorithm.
	 * @param algorithm the algorithm of every limiter that shares them
	 * @param maximumKeys the most keys whose state is kept
	 * @param onEviction told of every state evicted while its key still owed, with what its loss cost
	 */
	public LimitStates(LimitAlgorithm algorithm, int maximumKeys, Consumer<EvictionCost> onEviction) {
		this.algorithm = algorithm;
		this.states = new EvictingStateMap<>(maximumKeys, onEviction);
	}

	/** {@return the algorithm of the states} */
	public LimitAlgorithm algorithm() {
		return this.algorithm;
	}

	/**
	 * Decides a request of a key under a limit of this name and algorithm.
	 * @param limit the limit of the deciding limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @param permits the permits to take, at most the limit's capacity
	 * @param maxWaitMillis how far ahead permits may be reserved
	 * @param issuer the issuer of a grant's receipt, {@code null} for none
	 * @param key the key as the caller gave it, which a grant's receipt records with the issuer
	 * @return the decision
	 */
	public Decision decide(Limit limit, String memoryKey, long nowMillis, long permits, long maxWaitMillis,
			Object issuer, String key) {
		// a kept state of these numbers decides without the call object the general path allocates
		KeyState kept = this.states.getIfPresent(memoryKey);
		if (kept != null && decidesWith(kept, limit)) {
			Decision decision = kept.decide(nowMillis, permits, maxWaitMillis, issuer, key);
			if (decision != null) {
				return decision;
			}
		}
		return onState(limit, memoryKey, nowMillis,
				(state) -> state.decide(nowMillis, permits, maxWaitMillis, issuer, key));
	}

	/**
	 * Applies an admin operation to a key under a limit of this name and algorithm. A key with a state of its own has
	 * it adjusted, and a reset drops it, so that the key starts afresh. A key without one is as fresh as a key can be:
	 * a reset or a refund changes nothing, and a penalty is taken from a new state of the key, as a decision is.
	 * @param limit the limit of the adjusting limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @param operation the operation
	 * @param permits the permits to add or the penalty
	 */
	public void adjust(Limit limit, String memoryKey, long nowMillis, AdminOperation operation, long permits) {
		Function<KeyState, Boolean> adjust = (state) -> state.adjust(nowMillis, operation, permits) ? Boolean.TRUE
				: null;
		if (operation == AdminOperation.PENALTY) {
			onState(limit, memoryKey, nowMillis, adjust);
			return;
		}
		KeyState adjusted = onKeptState(limit, memoryKey, adjust);
		if (operation == AdminOperation.RESET && adjusted != null) {
			this.states.remove(memoryKey, adjusted);
		}
	}

	/**
	 * Gives back what a grant of a key under a limit of this name and algorithm took, as its receipt says, to the
	 * key's state; a key without one (evicted, or dropped as idle) has nothing to give back to.
	 * @param limit the limit of the refunding limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @param receipt the grant's receipt
	 */
	public void refund(Limit limit, String memoryKey, long nowMillis, MarkedReceipt receipt) {
		onKeptState(limit, memoryKey, (state) -> state.refund(nowMillis, receipt) ? Boolean.TRUE : null);
	}

	/**
	 * Calls a key's kept state until the call finds it not retired, and returns that state; {@code null} when the
	 * key has none.
	 */
	private KeyState onKeptState(Limit limit, String memoryKey, Function<KeyState, Boolean> call) {
		while (true) {
			KeyState state = this.states.getIfPresent(memoryKey);
			if (state == null) {
				return null;
			}
			if (callOn(memoryKey, state, limit, call) != null) {
				return state;
			}
		}
	}

	/** Calls a key's state, created if need be, until the call finds a state not retired. */
	private <T> T onState(Limit limit, String memoryKey, long nowMillis, Function<KeyState, T> call) {
		while (true) {
			KeyState state = this.states.get(memoryKey, (key) -> this.algorithm.newState(limit), nowMillis);
			T result = callOn(memoryKey, state, limit, call);
			if (result != null) {
				return result;
			}
		}
	}

	/**
	 * Looks at a key's state under a limit of this name and algorithm without taking permits or adding an entry:
	 * a key without a state of its own is looked at on a new state that is thrown away.
	 * @param limit the limit of the looking limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @return what a request for zero permits would be told
	 */
	public Decision peek(Limit limit, String memoryKey, long nowMillis) {
		while (true) {
			KeyState state = this.states.getIfPresent(memoryKey);
			if (state == null) {
				return this.algorithm.newState(limit).decide(nowMillis, 0, 0);
			}
			// zero permits change no state in a way a later decision could tell
			Decision decision = callOn(memoryKey, state, limit, (kept) -> kept.decide(nowMillis, 0, 0));
			if (decision != null) {
				return decision;
			}
		}
	}

	/** {@return the number of keys whose state is kept} */
	public int size() {
		return this.states.size();
	}

	/** Calls a state of the limit's numbers; a state of other numbers is moved to them, and null returned. */
	private <T> T callOn(String memoryKey, KeyState state, Limit limit, Function<KeyState, T> call) {
		if (!decidesWith(state, limit)) {
			KeyState moved = state.moveTo(limit);
			if (moved != null) {
				this.states.replace(memoryKey, state, moved);
			}
			return null;
		}
		return call.apply(state);
	}

	private static boolean decidesWith(KeyState state, Limit limit) {
		return state.limit() == limit || state.limit().equals(limit);
	}

}
