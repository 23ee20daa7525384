package io.limiter;

import java.time.Duration;
import java.util.Objects;

/**
 * How much of a Redis-backed limit is decided in this process, without a network call. Immutable; build it
 * with {@link #builder()} or take one of {@link #none()}, {@link #block()} and {@link #twoTier()}.
 * <ul>
 * <li>{@link Mode#BLOCK}, the default of {@link LimiterOptions#defaults()}: once Redis denies a key one permit
 * short with a retry-after, the same request for that key is denied in memory until then, with the decision Redis
 * would give. Redis stays the only place that grants, so the limit holds exactly. Works for every
 * algorithm.</li>
 * <li>{@link Mode#TWO_TIER}: for {@link Algorithm#TOKEN_BUCKET} and {@link Algorithm#GCRA}, each key also
 * has a local bucket that borrows a batch of tokens from Redis (debited there before any is spent) and
 * grants from it lock-free; denials are served locally until Redis' retry deadline, as with block. Other
 * algorithms, and limits of several rates (a batch would have to be borrowed from every rate at once), fall back
 * to block.</li>
 * </ul>
 * <p>
 * The price of two-tier is a stated bound: over any interval, the permits granted for one key by all
 * instances together are at most what the limit allows in that interval plus, for each instance, the
 * tokens it held when the interval began, which are at most {@link #maxBatchPermits(Limit)}:
 * <pre>
 * granted(interval) &lt;= capacity + rate x length(interval) + instances x maxBatchPermits
 * </pre>
 * Tokens held longer than the {@link #lease() lease} are dropped, so an idle instance does not hold a
 * key's budget for long, and the batch adapts to each key's local demand: {@link #initialBatch()} for a
 * cold key, growing with the permits the key takes per half lease, never above the maximum.
 * <p>
 * The {@link InMemoryBackend} is already local and does not use this setting.
 * <p>
 * Its size is that of a value with its checked builder and its modes, nested as its own.
 */
public final class LocalTier {

	/** The default of {@link Builder#lease(Duration)}. */
	public static final Duration DEFAULT_LEASE = Duration.ofSeconds(1);

	/** The default of {@link Builder#maxBatchShare(double)}. */
	public static final double DEFAULT_MAX_BATCH_SHARE = 0.1;

	/** The default of {@link Builder#maximumKeys(int)}. */
	public static final int DEFAULT_MAXIMUM_KEYS = 100_000;

	/** The default of {@link Builder#initialBatch(long)}. */
	public static final long DEFAULT_INITIAL_BATCH = 1;

	private static final LocalTier NONE = builder().mode(Mode.NONE).build();

	private static final LocalTier BLOCK = builder().build();

	private static final LocalTier TWO_TIER = builder().mode(Mode.TWO_TIER).build();

	private final Mode mode;

	private final Duration lease;

	private final double maxBatchShare;

	private final int maximumKeys;

	private final long initialBatch;

	private LocalTier(Builder builder) {
		this.mode = builder.mode;
		this.lease = builder.lease;
		this.maxBatchShare = builder.maxBatchShare;
		this.maximumKeys = builder.maximumKeys;
		this.initialBatch = builder.initialBatch;
	}

	/** {@return the setting without a local tier: every decision is made in Redis} */
	public static LocalTier none() {
		return NONE;
	}

	/**
	 * Returns in-memory block with the defaults.
	 * @return the setting
	 */
	public static LocalTier block() {
		return BLOCK;
	}

	/**
	 * Returns two-tier borrowing (and block) with the defaults.
	 * @return the setting
	 */
	public static LocalTier twoTier() {
		return TWO_TIER;
	}

	/**
	 * Returns a builder that starts from the default tier, {@link #block()}: mode {@link Mode#BLOCK} and the default
	 * of every setting. Setting only, say, {@link Builder#maximumKeys(int)} keeps the block; {@link Mode#NONE} is
	 * chosen with {@link Builder#mode(Mode)} or {@link #none()}.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns a builder that starts from this setting.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		return new Builder().mode(this.mode)
			.lease(this.lease)
			.maxBatchShare(this.maxBatchShare)
			.maximumKeys(this.maximumKeys)
			.initialBatch(this.initialBatch);
	}

	/** {@return what the local tier does} */
	public Mode mode() {
		return this.mode;
	}

	/**
	 * Returns how long borrowed tokens may be held before they are dropped.
	 * @return the lease
	 */
	public Duration lease() {
		return this.lease;
	}

	/**
	 * Returns the largest batch one instance borrows for one key, as a share of the capacity.
	 * @return the share, greater than 0 and at most 1
	 */
	public double maxBatchShare() {
		return this.maxBatchShare;
	}

	/**
	 * Returns the most keys whose local state one limit keeps; past it, idle keys and then arbitrary keys
	 * are forgotten.
	 * @return the maximum number of keys
	 */
	public int maximumKeys() {
		return this.maximumKeys;
	}

	/**
	 * Returns the batch, in permits, that a key without local history borrows.
	 * @return the initial batch
	 */
	public long initialBatch() {
		return this.initialBatch;
	}

	/**
	 * Returns the most permits one instance borrows for one key of a limit at once, which is also the most
	 * it holds: {@code max(1, floor(capacity x maxBatchShare))}, of the smallest capacity of a limit's rates (only a
	 * limit of one rate borrows: see {@link Mode#TWO_TIER}).
	 * @param limit the limit
	 * @return the largest batch in permits
	 */
	public long maxBatchPermits(Limit limit) {
		return Math.max(1, (long) Math.floor(limit.maxPermits() * this.maxBatchShare));
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof LocalTier that && this.mode == that.mode
				&& this.lease.equals(that.lease) && Double.compare(this.maxBatchShare, that.maxBatchShare) == 0
				&& this.maximumKeys == that.maximumKeys && this.initialBatch == that.initialBatch);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.mode, this.lease, this.maxBatchShare, this.maximumKeys, this.initialBatch);
	}

	@Override
	public String toString() {
		return "LocalTier{mode=" + this.mode + ", lease=" + this.lease + ", maxBatchShare=" + this.maxBatchShare
				+ ", maximumKeys=" + this.maximumKeys + ", initialBatch=" + this.initialBatch + "}";
	}

	/**
	 * What the local tier does.
	 */
	public enum Mode {

		/** Every decision is made in Redis. */
		NONE,

		/** Keys that Redis denied are denied in memory until Redis' retry-after. */
		BLOCK,

		/** Tokens are borrowed from Redis in batches and granted locally; implies {@link #BLOCK}. */
		TWO_TIER

	}

	/**
	 * A checked builder of {@link LocalTier}. Every error names the field and the bad value.
	 */
	public static final class Builder {

		private Mode mode = Mode.BLOCK;

		private Duration lease = DEFAULT_LEASE;

		private double maxBatchShare = DEFAULT_MAX_BATCH_SHARE;

		private int maximumKeys = DEFAULT_MAXIMUM_KEYS;

		private long initialBatch = DEFAULT_INITIAL_BATCH;

		private Builder() {
		}

		/**
		 * Sets the mode; {@link Mode#BLOCK} unless set.
		 * @param mode the mode
		 * @return this builder
		 */
		public Builder mode(Mode mode) {
			this.mode = Objects.requireNonNull(mode, "mode must not be null");
			return this;
		}

		/**
		 * Sets how long borrowed tokens may be held before they are dropped.
		 * @param lease a whole number of milliseconds, at least 1 ms
		 * @return this builder
		 */
		public Builder lease(Duration lease) {
			Objects.requireNonNull(lease, "lease must not be null");
			if (lease.isNegative() || lease.isZero() || lease.toNanos() % 1_000_000 != 0) {
				throw new IllegalArgumentException(
						"lease must be a positive whole number of milliseconds but was " + lease);
			}
			this.lease = lease;
			return this;
		}

		/**
		 * Sets the largest batch one instance borrows for one key, as a share of the capacity; at least one
		 * permit is always borrowable.
		 * @param maxBatchShare greater than 0 and at most 1
		 * @return this builder
		 */
		public Builder maxBatchShare(double maxBatchShare) {
			if (!(maxBatchShare > 0 && maxBatchShare <= 1)) {
				throw new IllegalArgumentException(
						"maxBatchShare must be greater than 0 and at most 1 but was " + maxBatchShare);
			}
			this.maxBatchShare = maxBatchShare;
			return this;
		}

		/**
		 * Sets the most keys whose local state one limit keeps.
		 * @param maximumKeys at least 1
		 * @return this builder
		 */
		public Builder maximumKeys(int maximumKeys) {
			if (maximumKeys < 1) {
				throw new IllegalArgumentException("maximumKeys must be at least 1 but was " + maximumKeys);
			}
			this.maximumKeys = maximumKeys;
			return this;
		}

		/**
		 * Sets the batch, in permits, that a key without local history borrows; the largest batch caps it.
		 * @param initialBatch at least 1
		 * @return this builder
		 */
		public Builder initialBatch(long initialBatch) {
			if (initialBatch < 1) {
				throw new IllegalArgumentException("initialBatch must be at least 1 but was " + initialBatch);
			}
			this.initialBatch = initialBatch;
			return this;
		}

		/**
		 * Builds the setting.
		 * @return the setting
		 */
		public LocalTier build() {
			return new LocalTier(this);
		}

	}

}
