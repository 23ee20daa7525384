package io.limiter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.limiter.integration.GuardedObserver;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.NamedLimits;
import io.limiter.internal.ReceiptIssuer;
import io.limiter.internal.Waits;
import io.limiter.internal.concurrency.InMemoryConcurrencyLimiter;
import io.limiter.internal.memory.InMemoryStates;

/**
 * Keeps the state of every limit in this process: the embedded default, with the same decisions as
 * {@link RedisBackend} but no sharing between processes.
 * <pre>{@code
 * LimiterBackend backend = InMemoryBackend.builder().build();
 * RateLimiter hello = backend.limiter("hello", Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)));
 * }</pre>
 * The waits of {@link RateLimiter#tryAcquireAsync(String, long, java.time.Duration) tryAcquireAsync} run on the
 * backend's own two daemon threads, {@code limiter-memory-N}, started on the first wait and stopped by
 * {@link #close()}.
 * <p>
 * Tests move time instead of sleeping, with a {@linkplain Builder#clock(LimiterClock) clock} of their own; a counter
 * the test advances is one, since {@link LimiterClock} is a functional interface:
 * <pre>{@code
 * AtomicLong now = new AtomicLong();
 * LimiterBackend backend = InMemoryBackend.builder().clock(now::get).build();
 * RateLimiter hello = backend.limiter("hello", Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1)));
 * hello.tryAcquire("user-42").isAllowed();   // true
 * hello.tryAcquire("user-42").isAllowed();   // false: retry after 1000 ms
 * now.addAndGet(1_000);
 * hello.tryAcquire("user-42").isAllowed();   // true
 * }</pre>
 * Only decisions follow that clock: {@code acquire} still sleeps for the delay it computes.
 */
public final class InMemoryBackend implements LimiterBackend {

	/** The default of {@link Builder#maximumKeysPerLimit(int)}. */
	public static final int DEFAULT_MAXIMUM_KEYS_PER_LIMIT = 100_000;

	private final InMemoryStates states;

	private final LimiterObserver observer;

	private final NamedLimits names = new NamedLimits();

	private final Waits waits = new Waits(LimiterThreads.newScheduler("limiter-memory"));

	private InMemoryBackend(Builder builder) {
		this.observer = builder.observer;
		this.states = new InMemoryStates(builder.clock, builder.maximumKeysPerLimit,
				"InMemoryBackend.Builder.maximumKeysPerLimit", builder.observer);
	}

	/**
	 * Returns a builder with the system clock and {@value #DEFAULT_MAXIMUM_KEYS_PER_LIMIT} keys per limit.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Limiters of the same name and algorithm share the state of their keys, whatever their capacity and period: a
	 * limiter with a changed capacity or period reads each key's state with its own numbers, as Redis does (see
	 * {@link LimiterBackend} on changing a limit). The state is already in this process, so the
	 * {@linkplain LimiterOptions#localTier() local tier} and the failure policy are not used; they are part of the
	 * name's setting all the same, as on Redis.
	 */
	@Override
	public List<RateLimiter> limiters(String name, List<Limit> limits, LimiterOptions options) {
		return this.names.obtain(name, limits, options, () -> build(name, limits));
	}

	/**
	 * Changes the setting of a name, for {@link RateLimiterRegistry#update(java.util.Map)}: see {@link LimiterBackend} on
	 * changing a limit. A limit of another algorithm starts every key afresh, and the old algorithm's states are
	 * released.
	 */
	List<RateLimiter> update(String name, List<Limit> limits, LimiterOptions options) {
		return this.names.update(name, limits, options, () -> build(name, limits));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A permit counts until it is closed: a holder that dies takes this process with it, so there is no lease.
	 */
	@Override
	public ConcurrencyLimiter concurrencyLimiter(String name, ConcurrencyLimit limit, LimiterOptions options) {
		return this.names.obtainConcurrency(name, limit, options,
				() -> new InMemoryConcurrencyLimiter(name, limit, this.observer));
	}

	private List<RateLimiter> build(String name, List<Limit> limits) {
		List<RateLimiter> limiters = new ArrayList<>(limits.size());
		for (int plan = 0; plan < limits.size(); plan++) {
			Limit limit = limits.get(plan);
			ReceiptIssuer issuer = new ReceiptIssuer(this, name, plan, limit.algorithm());
			DecisionSource source = this.states.source(name, limit, issuer);
			limiters.add(new DefaultRateLimiter(issuer, limit, source, this.waits, this.observer));
		}
		return limiters;
	}

	/**
	 * Forgets every state and stops the backend's threads; a pending {@code acquireAsync} fails.
	 */
	@Override
	public void close() {
		this.states.clear();
		this.waits.close();
	}

	/**
	 * Builds an {@link InMemoryBackend}.
	 */
	public static final class Builder {

		private LimiterClock clock = LimiterClock.system();

		private int maximumKeysPerLimit = DEFAULT_MAXIMUM_KEYS_PER_LIMIT;

		private LimiterObserver observer = LimiterObserver.NONE;

		private Builder() {
		}

		/**
		 * Sets the observer, which hears of every decision, of every key state evicted while it still owed (see
		 * {@link #maximumKeysPerLimit(int)}), of every admin operation, and of every decision and release of a
		 * {@link ConcurrencyLimiter}. What it throws is logged and changes nothing (see {@link LimiterObserver}).
		 * @param observer the observer
		 * @return this builder
		 */
		public Builder observer(LimiterObserver observer) {
			this.observer = GuardedObserver.guard(Objects.requireNonNull(observer, "observer must not be null"));
			return this;
		}

		/**
		 * Sets the clock of every decision; tests pass one they move (see the class description).
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(LimiterClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Sets the most keys whose state one limit keeps. Idle keys (full again, their windows over) are forgotten
		 * first. When every kept key still owes, a new key makes room by evicting the state whose loss costs least:
		 * the key that owes the fewest permits, of those the one nearest to full again. So memory stays bounded and
		 * every new key gets a state of its own, at the price of a counted over-grant: an evicted key may be granted
		 * again what it owed, and {@link LimiterObserver#onMemoryOverflow(String)} hears of each such eviction (a
		 * warning is logged too, at most every 10 s). A flood of new keys that each take a permit evicts its own
		 * keys, not a key that owes more: evicting a key that owes {@code n} permits takes nine tenths of the maximum
		 * in keys that each owe at least {@code n}.
		 * @param maximumKeysPerLimit at least 1
		 * @return this builder
		 */
		public Builder maximumKeysPerLimit(int maximumKeysPerLimit) {
			if (maximumKeysPerLimit < 1) {
				throw new IllegalArgumentException(
						"maximumKeysPerLimit must be at least 1 but was " + maximumKeysPerLimit);
			}
			this.maximumKeysPerLimit = maximumKeysPerLimit;
			return this;
		}

		/**
		 * Builds the backend.
		 * @return the backend
		 */
		public InMemoryBackend build() {
			return new InMemoryBackend(this);
		}

	}

}
