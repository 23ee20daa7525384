package io.limiter;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link RegionalBackend} ({@link RegionalBackend#builder()}): this region's name, its Redis with everything
 * a {@link RedisBackend} takes, and the home Redis that holds the budgets of the global limits.
 */
public final class RegionalBackendBuilder {

	/** The longest region name. */
	public static final int MAX_REGION_LENGTH = 32;

	String region;

	RedisBackendBuilder redis;

	RedisBackendBuilder home;

	RegionalBackendBuilder() {
	}

	/**
	 * Names this region; the home keeps each region's loans under its name, so every region of a service needs its
	 * own.
	 * @param region 1 to 32 ASCII lower-case letters, digits or {@code -}, such as {@code eu-west}
	 * @return this builder
	 * @throws IllegalArgumentException naming the value when it holds another character or is too long
	 */
	public RegionalBackendBuilder region(String region) {
		if (region == null || region.isEmpty() || region.length() > MAX_REGION_LENGTH
				|| !region.chars().allMatch((c) -> (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) {
			throw new IllegalArgumentException("region must be 1 to " + MAX_REGION_LENGTH
					+ " ASCII lower-case letters, digits or '-' but was '" + region + "'");
		}
		this.region = region;
		return this;
	}

	/**
	 * Sets this region's Redis and everything a {@link RedisBackend} takes: the namespace (which the home's keys use
	 * too), the failure policy, deadlines, breaker, clocks and observer. Regional limits are decided there exactly as
	 * by a {@link RedisBackend}; global limits decide against their pools there.
	 * @param redis the region's Redis, not built
	 * @return this builder
	 */
	public RegionalBackendBuilder redis(RedisBackendBuilder redis) {
		this.redis = Objects.requireNonNull(redis, "redis must not be null");
		return this;
	}

	/**
	 * Sets where the home is and how to reach it: its connection, TLS, {@link RedisBackendBuilder#timeout timeout},
	 * {@link RedisBackendBuilder#minimumTimeout minimumTimeout} and {@link RedisBackendBuilder#circuitBreaker
	 * circuitBreaker}. The namespace, failure policy, fallback instances, clocks and observer are the region's: set
	 * on the home's builder, they fail {@link #build()}.
	 * @param home the home's Redis, not built
	 * @return this builder
	 */
	public RegionalBackendBuilder home(RedisBackendBuilder home) {
		this.home = Objects.requireNonNull(home, "home must not be null");
		return this;
	}

	/**
	 * Builds the backend; both connections open in the background.
	 * @return the backend
	 * @throws IllegalStateException naming what is missing or misplaced: the region, its Redis, the home, or a setting
	 * of the region's on the home's builder
	 */
	public RegionalBackend build() {
		if (this.region == null) {
			throw new IllegalStateException("region is required: name this region, such as region(\"eu-west\")");
		}
		if (this.redis == null) {
			throw new IllegalStateException("redis is required: the Redis of region '" + this.region + "'");
		}
		if (this.home == null) {
			throw new IllegalStateException("home is required: the Redis that holds the global budgets");
		}
		if (this.home == this.redis) {
			throw new IllegalStateException("home and redis must be two builders, even for one server");
		}
		List<String> misplaced = new ArrayList<>();
		if (this.home.namespace != null) {
			misplaced.add("namespace '" + this.home.namespace + "'");
		}
		if (this.home.failurePolicy != RedisBackend.DEFAULT_FAILURE_POLICY) {
			misplaced.add("failurePolicy " + this.home.failurePolicy);
		}
		if (this.home.fallbackInstances > 0) {
			misplaced.add("fallbackInstances " + this.home.fallbackInstances);
		}
		if (this.home.clientClock != null) {
			misplaced.add("clientClock");
		}
		if (this.home.localClock != null) {
			misplaced.add("localClock");
		}
		if (this.home.observer != LimiterObserver.NONE) {
			misplaced.add("observer");
		}
		if (!misplaced.isEmpty()) {
			throw new IllegalStateException("home sets " + String.join(", ", misplaced)
					+ ": these are the region's settings, set them on redis(...)");
		}
		return new RegionalBackend(this);
	}

}
