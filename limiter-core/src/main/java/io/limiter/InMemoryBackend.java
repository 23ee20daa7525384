package io.limiter;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.LimitNames;
import io.limiter.internal.memory.InMemoryDecisionSource;

/**
 * Keeps the state of every limit in this process: the embedded default, with the same decisions as
 * {@link RedisBackend} but no sharing between processes.
 * <pre>{@code
 * LimiterBackend backend = InMemoryBackend.builder().build();
 * RateLimiter hello = backend.limiter("hello", Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)));
 * }</pre>
 */
public final class InMemoryBackend implements LimiterBackend {

	/** The default of {@link Builder#maximumKeysPerLimit(int)}. */
	public static final int DEFAULT_MAXIMUM_KEYS_PER_LIMIT = 100_000;

	private final LimiterClock clock;

	private final int maximumKeysPerLimit;

	private final Map<String, InMemoryDecisionSource> sources = new ConcurrentHashMap<>();

	private InMemoryBackend(Builder builder) {
		this.clock = builder.clock;
		this.maximumKeysPerLimit = builder.maximumKeysPerLimit;
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
	 * Limiters of the same name and the same {@link Limit} share their state. The state is already in
	 * this process, so the {@linkplain LimiterOptions#localTier() local tier} is ignored.
	 */
	@Override
	public RateLimiter limiter(String name, Limit limit, LimiterOptions options) {
		LimitNames.check(name);
		Objects.requireNonNull(limit, "limit must not be null");
		Objects.requireNonNull(options, "options must not be null");
		InMemoryDecisionSource source = this.sources.computeIfAbsent(name + '\u0000' + limit,
				(ignored) -> new InMemoryDecisionSource(limit, this.clock, this.maximumKeysPerLimit));
		return new DefaultRateLimiter(name, limit, source);
	}

	@Override
	public void close() {
		this.sources.clear();
	}

	/**
	 * Builds an {@link InMemoryBackend}.
	 */
	public static final class Builder {

		private LimiterClock clock = LimiterClock.system();

		private int maximumKeysPerLimit = DEFAULT_MAXIMUM_KEYS_PER_LIMIT;

		private Builder() {
		}

		/**
		 * Sets the clock of every decision; tests pass one they can move.
		 * @param clock the clock
		 * @return this builder
		 */
		public Builder clock(LimiterClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Sets the most keys whose state one limit keeps; past it, idle keys and then arbitrary keys are
		 * forgotten.
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
