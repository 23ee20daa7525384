package io.limiter;

import java.util.Objects;

/**
 * How a backend runs one limiter, beyond the {@link Limit} itself. Immutable; build it with
 * {@link #builder()}, or take {@link #defaults()}.
 * <pre>{@code
 * RateLimiter api = backend.limiter("api", limit, LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
 * }</pre>
 */
public final class LimiterOptions {

	private static final LimiterOptions DEFAULTS = builder().build();

	private final LocalTier localTier;

	private final FailurePolicy failurePolicy;

	private final GlobalBudget global;

	private LimiterOptions(Builder builder) {
		this.localTier = builder.localTier;
		this.failurePolicy = builder.failurePolicy;
		this.global = builder.global;
	}

	/**
	 * Returns the defaults: in-memory {@linkplain LocalTier#block() block} (a key that Redis refused is refused in
	 * this process until Redis' retry-after, so Redis still makes every grant) and the backend's failure policy.
	 * @return the default options
	 */
	public static LimiterOptions defaults() {
		return DEFAULTS;
	}

	/**
	 * Returns a builder that starts from the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns a builder that starts from these options.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		Builder builder = new Builder().localTier(this.localTier);
		builder.failurePolicy = this.failurePolicy;
		builder.global = this.global;
		return builder;
	}

	/**
	 * Returns what is decided in this process without a network call.
	 * @return the local tier setting
	 */
	public LocalTier localTier() {
		return this.localTier;
	}

	/**
	 * Returns this limiter's failure policy, which overrides the backend's.
	 * @return the policy, or {@code null} to use the backend's
	 */
	public FailurePolicy failurePolicy() {
		return this.failurePolicy;
	}

	/**
	 * Returns whether the limit's budget is global across the regions of a {@link RegionalBackend}, and how it is
	 * lent to them.
	 * @return the setting, or {@code null} for a limit decided in its region alone
	 */
	public GlobalBudget global() {
		return this.global;
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof LimiterOptions that && this.localTier.equals(that.localTier)
				&& this.failurePolicy == that.failurePolicy && Objects.equals(this.global, that.global));
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.localTier, this.failurePolicy, this.global);
	}

	@Override
	public String toString() {
		return "LimiterOptions{localTier=" + this.localTier + ", failurePolicy=" + this.failurePolicy
				+ ((this.global != null) ? ", global=" + this.global : "") + "}";
	}

	/**
	 * Builds {@link LimiterOptions}.
	 */
	public static final class Builder {

		private LocalTier localTier = LocalTier.block();

		private FailurePolicy failurePolicy;

		private GlobalBudget global;

		private Builder() {
		}

		/**
		 * Sets what is decided in this process without a network call; {@link LocalTier#block()} by default,
		 * {@link LocalTier#none()} sends every decision to Redis.
		 * @param localTier the local tier setting
		 * @return this builder
		 */
		public Builder localTier(LocalTier localTier) {
			this.localTier = Objects.requireNonNull(localTier, "localTier must not be null");
			return this;
		}

		/**
		 * Sets what this limiter decides when Redis fails, instead of the backend's policy.
		 * @param failurePolicy the policy
		 * @return this builder
		 */
		public Builder failurePolicy(FailurePolicy failurePolicy) {
			this.failurePolicy = Objects.requireNonNull(failurePolicy, "failurePolicy must not be null");
			return this;
		}

		/**
		 * Makes the limit's budget global across the regions of a {@link RegionalBackend}: held by the home Redis
		 * and lent to each region's pool (see {@link GlobalBudget}). The {@link InMemoryBackend} and the
		 * {@link RedisBackend} ignore it.
		 * @param global how the budget is lent
		 * @return this builder
		 */
		public Builder global(GlobalBudget global) {
			this.global = Objects.requireNonNull(global, "global must not be null");
			return this;
		}

		/**
		 * Builds the options.
		 * @return the options
		 */
		public LimiterOptions build() {
			return new LimiterOptions(this);
		}

	}

}
