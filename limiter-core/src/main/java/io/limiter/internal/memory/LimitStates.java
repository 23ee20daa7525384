package io.limiter.internal.memory;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.Receipt;
import io.limiter.internal.algorithm.KeyState;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The in-memory state of every key of one limit name and algorithm, shared by its limiters whatever their capacity
 * and period: a limiter of other numbers than a key's state moves the state to its own numbers
 * ({@link KeyState#moveTo(Limit)}), so a change of the limit keeps each key's state as Redis does.
 * <p>
 * The map is bounded and drops only idle states. A new key that finds it full of states that still owe is decided
 * by one overflow state shared by every such key, which the observer hears of. That is conservative: the overflow
 * has granted at least what any one of its keys took, so it never grants a key more than the key's own state
 * would. The overflow stays in use for new keys until it is idle, that is until every key it decided would be full
 * again on its own, so that a key never gets a fresh state of its own while it still owes through the overflow.
 * Overflow decisions and that hand-over are made under one lock. The map is swept when the overflow goes idle, and
 * otherwise as {@link BoundedStateMap#makeRoom(long)} allows.
 */
public final class LimitStates {

	private final String name;

	private final LimitAlgorithm algorithm;

	private final BoundedStateMap<KeyState> states;

	private final LimiterObserver observer;

	private final ReentrantLock overflowLock = new ReentrantLock();

	/** Guarded by {@link #overflowLock}. */
	private KeyState overflow;

	/** Written under {@link #overflowLock}: whether new keys must go to the overflow. */
	private volatile boolean overflowing;

	/**
	 * Creates the states of one limit name and algorithm.
	 * @param name the limit name, for the observer
	 * @param algorithm the algorithm of every limiter that shares them
	 * @param maximumKeys the most keys whose state is kept
	 * @param observer told of every decision made by the overflow state
	 */
	public LimitStates(String name, LimitAlgorithm algorithm, int maximumKeys, LimiterObserver observer) {
		this.name = name;
		this.algorithm = algorithm;
		this.states = new BoundedStateMap<>(maximumKeys);
		this.observer = observer;
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
	 * @return the decision
	 */
	public Decision decide(Limit limit, String memoryKey, long nowMillis, long permits, long maxWaitMillis) {
		// a kept state of these numbers decides without the call object the general path allocates
		KeyState kept = this.states.getIfPresent(memoryKey);
		if (kept != null && decidesWith(kept, limit)) {
			Decision decision = kept.decide(nowMillis, permits, maxWaitMillis);
			if (decision != null) {
				return decision;
			}
		}
		return onState(limit, memoryKey, nowMillis, (state) -> state.decide(nowMillis, permits, maxWaitMillis));
	}

	/**
	 * Applies an admin operation to a key under a limit of this name and algorithm. A key with a state of its own has
	 * it adjusted, and a reset drops it, so that the key starts afresh. A key without one is as fresh as a key can be
	 * while it has none: a reset does nothing, and never touches the overflow state that other keys share; a refund
	 * goes to the overflow state while new keys are decided by it, as the key's permits came from there; a penalty is
	 * taken as a decision is, from a new state of the key or, while there is no room, from the overflow state.
	 * @param limit the limit of the adjusting limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @param operation the operation
	 * @param permits the permits of a refund or penalty
	 */
	public void adjust(Limit limit, String memoryKey, long nowMillis, AdminOperation operation, long permits) {
		Function<KeyState, Boolean> adjust = (state) -> state.adjust(nowMillis, operation, permits) ? Boolean.TRUE
				: null;
		if (operation == AdminOperation.PENALTY) {
			onState(limit, memoryKey, nowMillis, adjust);
			return;
		}
		KeyState adjusted = onKeptState(limit, memoryKey, adjust, operation == AdminOperation.REFUND);
		if (operation == AdminOperation.RESET && adjusted != null) {
			this.states.remove(memoryKey, adjusted);
		}
	}

	/**
	 * Gives back what a grant of a key under a limit of this name and algorithm took, as its receipt says, where the
	 * grant took it: the key's state, or the overflow state while new keys are decided by it.
	 * @param limit the limit of the refunding limiter
	 * @param memoryKey the key, from {@link io.limiter.internal.StateKeys#memoryKey(String)}
	 * @param nowMillis the current time
	 * @param receipt the grant's receipt
	 */
	public void refund(Limit limit, String memoryKey, long nowMillis, Receipt receipt) {
		onKeptState(limit, memoryKey, (state) -> state.refund(nowMillis, receipt) ? Boolean.TRUE : null, true);
	}

	/**
	 * Calls a key's kept state until the call finds it not retired, and returns that state; a key without one has
	 * the overflow state called instead while new keys are decided by it, when {@code orOverflow}, and {@code null}
	 * is returned.
	 */
	private KeyState onKeptState(Limit limit, String memoryKey, Function<KeyState, Boolean> call,
			boolean orOverflow) {
		while (true) {
			KeyState state = this.states.getIfPresent(memoryKey);
			if (state == null) {
				if (orOverflow) {
					onOverflowOf(memoryKey, limit, call);
				}
				return null;
			}
			if (callOn(memoryKey, state, limit, call) != null) {
				return state;
			}
		}
	}

	/** Calls a key's state, or the overflow when there is no room for it, until the call finds a state not retired. */
	private <T> T onState(Limit limit, String memoryKey, long nowMillis, Function<KeyState, T> call) {
		while (true) {
			KeyState state = this.states.getIfPresent(memoryKey);
			if (state == null) {
				// the size before the flag: a sweep that made room after the overflow took a key raised the flag first
				boolean room = this.states.hasRoom();
				state = (room && !this.overflowing)
						? this.states.getIfRoom(memoryKey, (key) -> this.algorithm.newState(limit)) : null;
			}
			T result = (state != null) ? callOn(memoryKey, state, limit, call)
					: callWithoutRoom(memoryKey, limit, nowMillis, call);
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

	private void onOverflowOf(String memoryKey, Limit limit, Function<KeyState, Boolean> call) {
		this.overflowLock.lock();
		try {
			if (this.overflowing && this.states.getIfPresent(memoryKey) == null) {
				call.apply(overflowFor(limit));
			}
		}
		finally {
			this.overflowLock.unlock();
		}
	}

	private <T> T callWithoutRoom(String memoryKey, Limit limit, long nowMillis, Function<KeyState, T> call) {
		this.overflowLock.lock();
		try {
			if (this.states.getIfPresent(memoryKey) != null) {
				return null;
			}
			if (this.overflowing && this.overflow.isIdle(nowMillis)) {
				// time has passed since the overflow took its last key: states may have become idle meanwhile
				this.overflowing = false;
				this.states.sweep(nowMillis);
			}
			if (!this.overflowing && this.states.makeRoom(nowMillis)
					&& this.states.getIfRoom(memoryKey, (key) -> this.algorithm.newState(limit)) != null) {
				return null;
			}
			this.overflowing = true;
			this.observer.onMemoryOverflow(this.name);
			return call.apply(overflowFor(limit));
		}
		finally {
			this.overflowLock.unlock();
		}
	}

	/** Called under {@link #overflowLock}, the only lock the overflow state is used under: moving it cannot fail. */
	private KeyState overflowFor(Limit limit) {
		if (this.overflow == null) {
			this.overflow = this.algorithm.newState(limit);
		}
		else if (!decidesWith(this.overflow, limit)) {
			this.overflow = this.overflow.moveTo(limit);
		}
		return this.overflow;
	}

}
