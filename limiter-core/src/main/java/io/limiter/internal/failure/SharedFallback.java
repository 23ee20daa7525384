package io.limiter.internal.failure;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.memory.InMemoryDecisionSource;

/**
 * The in-memory limiter of {@link io.limiter.FailurePolicy#LOCAL_FALLBACK}: the limit's own algorithm with this
 * instance's share of the capacity, {@code ceil(capacity / instances)}, where the number of instances comes
 * from the backend's heartbeat or from the user.
 * <p>
 * While Redis decides, each grant it makes is also {@linkplain #charge charged} here, so the share holds what
 * this instance already took: a switch to the fallback goes on from there instead of starting with a fresh
 * burst, and switching back and forth adds no burst of its own. A new number of instances starts a new share.
 */
public final class SharedFallback implements DecisionSource {

	private final Limit limit;

	private final IntSupplier instances;

	private final LimiterClock clock;

	private final int maximumKeys;

	private volatile Share current;

	/**
	 * Creates a fallback.
	 * @param limit the limit whose capacity is shared
	 * @param instances how many instances share it now, at least 1
	 * @param clock the time of every decision
	 * @param maximumKeys the most keys whose state is kept
	 */
	public SharedFallback(Limit limit, IntSupplier instances, LimiterClock clock, int maximumKeys) {
		this.limit = limit;
		this.instances = instances;
		this.clock = clock;
		this.maximumKeys = maximumKeys;
		this.current = newShare(shareOf(instances.getAsInt()));
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

	/**
	 * Takes permits that Redis granted from this instance's share, as far as it has them.
	 * @param key the user's key
	 * @param permits the permits granted
	 */
	public void charge(String key, long permits) {
		share().source.decide(key, permits, 0);
	}

	/**
	 * Returns the capacity of this instance's share now.
	 * @return {@code ceil(capacity / instances)}
	 */
	public long shareCapacity() {
		return share().capacity;
	}

	private Share share() {
		long capacity = shareOf(this.instances.getAsInt());
		Share share = this.current;
		if (share.capacity != capacity) {
			share = newShare(capacity);
			this.current = share;
		}
		return share;
	}

	private long shareOf(int instances) {
		long capacity = this.limit.capacity();
		return (capacity + Math.max(1, instances) - 1) / Math.max(1, instances);
	}

	private Share newShare(long capacity) {
		Limit share = this.limit.toBuilder().capacity(capacity).build();
		return new Share(capacity, new InMemoryDecisionSource(share, this.clock, this.maximumKeys));
	}

	private record Share(long capacity, InMemoryDecisionSource source) {
	}

}
