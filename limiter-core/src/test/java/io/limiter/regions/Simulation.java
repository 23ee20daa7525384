package io.limiter.regions;

import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import io.limiter.Algorithm;
import io.limiter.Limit;

/**
 * The numbers every run of the simulation shares: the limit, the load and the timeline.
 */
final class Simulation {

	/** The limit's name, as a service names its limit. */
	static final String LIMIT_NAME = "api";

	/** A burst of 2,000 and 1,000 a second: {@code C = 2,000}, {@code rho = 1,000/s}. */
	static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 2_000, Duration.ofSeconds(2));

	/** One hot key, from fresh: a customer's quota. */
	static final String KEY = "customer-42";

	static final String NAMESPACE = "regions";

	/** The offered load, all regions together: {@code D = 1.5 rho}. */
	static final double REQUESTS_PER_SECOND = 1_500;

	static final int INSTANCES_PER_REGION = 2;

	/** How long the load runs. */
	static final Duration LENGTH = Duration.ofSeconds(25);

	/** The start of the run whose latencies are not recorded. */
	static final Duration WARM_UP = Duration.ofSeconds(2);

	/** When the fault is injected, from the start of the load. */
	static final Duration FAULT_AT = Duration.ofSeconds(5);

	private Simulation() {
	}

	/**
	 * Returns the keys of a run: {@link #KEY} alone, or as many users' keys.
	 * @param count how many
	 * @return the keys
	 */
	static List<String> keys(int count) {
		return (count == 1) ? List.of(KEY) : IntStream.range(0, count).mapToObj((i) -> "user-" + i).toList();
	}

	/**
	 * Returns the requests a second one instance of a region receives.
	 * @param share the region's share of the demand
	 * @return its part of the load
	 */
	static double requestsPerSecond(double share) {
		return REQUESTS_PER_SECOND * share / INSTANCES_PER_REGION;
	}

	/**
	 * Returns what a token bucket that starts full may grant over a time: its capacity plus its refill, rounded up.
	 * @param limit the limit
	 * @param elapsedNanos the time
	 * @return the budget
	 */
	static long budget(Limit limit, long elapsedNanos) {
		return limit.capacity() + refill(limit, elapsedNanos);
	}

	/**
	 * Returns what a limit's rate brings over a time, rounded up.
	 * @param limit the limit
	 * @param nanos the time
	 * @return the permits
	 */
	static long refill(Limit limit, long nanos) {
		return limit.capacity() * Duration.ofNanos(nanos).toMillis() / limit.periodMillis() + 1;
	}

}
