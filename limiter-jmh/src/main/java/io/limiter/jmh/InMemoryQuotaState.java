package io.limiter.jmh;

import io.limiter.InMemoryBackend;
import io.limiter.RateLimiter;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Our in-memory backend's fixed window on a quota of {@code burst} permits a day, as a calendar rate
 * ({@link BenchmarkLimit#calendarDay()}) and as a period of one day ({@link BenchmarkLimit#fixedWindowDay()}): the
 * same windows, so what sets them apart is what the calendar costs a decision.
 */
@State(Scope.Benchmark)
public class InMemoryQuotaState {

	RateLimiter calendarDay;

	RateLimiter fixedWindowDay;

	private InMemoryBackend backend;

	/**
	 * Creates the limiters.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.backend = InMemoryBackend.builder().build();
		this.calendarDay = this.backend.limiter("local-calendar-day", params.limit.calendarDay());
		this.fixedWindowDay = this.backend.limiter("local-fixed-window-day", params.limit.fixedWindowDay());
	}

	/**
	 * Drops the state of every key.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.backend.close();
	}

}
