package io.limiter.jmh;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.LimiterBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The concurrency limit of the {@code concurrency} variants, whose parameter multiplies only them, and the check
 * that they gave back every permit they took: after a run no key of the scenario may hold one.
 */
@State(Scope.Benchmark)
public class ConcurrencyParams {

	/**
	 * The most permits of one key in flight. {@code 1000}, more than the threads: every permit is granted, so the
	 * variant measures a take and a release. {@code 1}: on {@code hot_key} the threads contend for one permit and
	 * most are denied (on {@code per_user} each thread has a key of its own, so every permit is still granted).
	 */
	@Param({ "1000", "1" })
	public long maxInFlight;

	ConcurrencyLimit limit;

	private String[] keys;

	/**
	 * Creates the limit and notes the keys of the run.
	 * @param params the scenario
	 * @param benchmark the number of threads
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params, BenchmarkParams benchmark) {
		open(params, benchmark.getThreads());
	}

	void open(LimitParams params, int threads) {
		this.limit = ConcurrencyLimit.of(this.maxInFlight);
		this.keys = params.keys.everyKey("", threads);
	}

	/**
	 * Ends a run, once every thread has stopped: checks that no key of the run holds a permit, and closes the
	 * backend whatever the check finds.
	 * @param limiter the limiter of the run
	 * @param backend its backend
	 * @throws IllegalStateException naming the key and the count when permits are still in flight: a permit that
	 * was closed and not released
	 */
	void checkReleasedAndClose(ConcurrencyLimiter limiter, LimiterBackend backend) {
		try (backend) {
			for (String key : this.keys) {
				long inFlight = limiter.inFlight(key);
				if (inFlight != 0) {
					throw new IllegalStateException("concurrency limit '" + limiter.name() + "' has " + inFlight
							+ " permit(s) of key '" + key + "' in flight after the run, though the benchmark closed "
							+ "every permit it took");
				}
			}
		}
	}

}
