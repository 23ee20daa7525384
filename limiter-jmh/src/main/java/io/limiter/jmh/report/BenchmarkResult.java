package io.limiter.jmh.report;

/**
 * One benchmark result, reduced to what the report shows.
 *
 * @param benchmark the benchmark class's simple name, for example {@code RedisLimiterBenchmark}
 * @param variant the method name, followed by the parameters other than the scenario and the limit, for
 * example {@code inMemory algorithm=GCRA}
 * @param scenario the {@code scenario} parameter, or {@code -} when there is none
 * @param threads the number of threads
 * @param opsPerSecond the throughput over all threads
 * @param redisCallsPerOp Redis commands per request, or {@code NaN} when not counted
 * @param utilPct the permits granted as a percentage of what the limit admits, or {@code NaN} when not
 * counted
 */
public record BenchmarkResult(String benchmark, String variant, String scenario, int threads, double opsPerSecond,
		double redisCallsPerOp, double utilPct) {

	/**
	 * Returns the time per operation as the inverse of the total throughput (as Go's parallel benchmarks
	 * report it).
	 * @return nanoseconds per operation
	 */
	public double nanosPerOp() {
		return 1e9 / this.opsPerSecond;
	}

	/**
	 * Returns the group this result is tabled in.
	 * @return benchmark, scenario and threads
	 */
	public String group() {
		return this.benchmark + ", " + this.scenario + ", " + this.threads + ((this.threads == 1) ? " thread" : " threads");
	}

}
