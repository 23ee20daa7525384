package io.limiter.jmh;

import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Our fixed window script on a quota of {@code burst} permits a day, with the server's {@code TIME} and no local
 * tier, as {@code fixedWindow}: as a calendar rate ({@link BenchmarkLimit#calendarDay()}, whose script argument is
 * the boundaries of the calendar's windows) and as a period of one day ({@link BenchmarkLimit#fixedWindowDay()}),
 * the same windows. Both use one limit name, each on a backend of its own namespace, so that their keys are apart
 * and on the same slot, and so on the same master of a cluster.
 */
@State(Scope.Benchmark)
public class RedisQuotaState {

	/** The limit name of both variants. */
	static final String LIMIT_NAME = "bench-day";

	RateLimiter calendarDay;

	RateLimiter fixedWindowDay;

	private RedisBackend calendarBackend;

	private RedisBackend periodBackend;

	/**
	 * Creates the limiters.
	 * @param shared the benchmark's Redis and limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared) {
		this.calendarBackend = shared.target.backend(null, "calendar");
		this.periodBackend = shared.target.backend(null, "period");
		this.calendarDay = this.calendarBackend.limiter(LIMIT_NAME, shared.limit.calendarDay(),
				RedisBenchmarkState.REDIS_ONLY);
		this.fixedWindowDay = this.periodBackend.limiter(LIMIT_NAME, shared.limit.fixedWindowDay(),
				RedisBenchmarkState.REDIS_ONLY);
	}

	/**
	 * Closes the backends.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.calendarBackend.close();
		this.periodBackend.close();
	}

}
