package io.limiter.spring;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;

/**
 * The limiter of an in-memory limit whose settings changed: before the first decision of each key that was
 * not full under the old limit, the new state is brought down to the permits the key had left (at most the
 * new capacity), so that the change does not refill it; a full key starts full, as on Redis. After two old periods every old state is back to full (or its windows are
 * over), and nothing needs carrying any more.
 */
final class CarryOverRateLimiter implements RateLimiter {

	private final RateLimiter previous;

	private final RateLimiter current;

	private final LimiterClock clock;

	private final long carryUntilMillis;

	private final Set<String> carried = ConcurrentHashMap.newKeySet();

	private volatile boolean done;

	CarryOverRateLimiter(RateLimiter previous, RateLimiter current, LimiterClock clock) {
		this.previous = previous;
		this.current = current;
		this.clock = clock;
		this.carryUntilMillis = clock.millis() + 2 * previous.limit().periodMillis();
	}

	@Override
	public String name() {
		return this.current.name();
	}

	@Override
	public Limit limit() {
		return this.current.limit();
	}

	@Override
	public Decision tryAcquire(String key, long permits) {
		carryOver(key);
		return this.current.tryAcquire(key, permits);
	}

	@Override
	public CompletionStage<Decision> tryAcquireAsync(String key, long permits) {
		carryOver(key);
		return this.current.tryAcquireAsync(key, permits);
	}

	@Override
	public Decision acquire(String key, long permits, Duration maxWait) throws InterruptedException {
		carryOver(key);
		return this.current.acquire(key, permits, maxWait);
	}

	@Override
	public CompletionStage<Decision> acquireAsync(String key, long permits, Duration maxWait) {
		carryOver(key);
		return this.current.acquireAsync(key, permits, maxWait);
	}

	/**
	 * Looks at the state under the new limit only: a key not yet carried over reads as it will stand until its
	 * first decision brings its old remaining permits over.
	 */
	@Override
	public Decision peek(String key) {
		return this.current.peek(key);
	}

	private void carryOver(String key) {
		if (this.done) {
			return;
		}
		if (this.clock.millis() >= this.carryUntilMillis) {
			this.done = true;
			this.carried.clear();
			return;
		}
		// The set is bounded like the in-memory state itself: a key beyond it was evicted there too.
		if (this.carried.size() >= InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT || !this.carried.add(key)) {
			return;
		}
		long before = this.previous.tryAcquire(key, 0).remaining();
		if (before >= this.previous.limit().capacity()) {
			return; // full, as Redis keeps no state for a full key: it starts full under the new limit too
		}
		long capacity = this.current.limit().capacity();
		long remaining = Math.min(before, capacity);
		if (remaining < capacity) {
			this.current.tryAcquire(key, capacity - remaining);
		}
	}

	@Override
	public String toString() {
		return this.current + " (carrying over " + this.previous + ")";
	}

}
