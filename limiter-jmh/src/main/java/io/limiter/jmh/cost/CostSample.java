package io.limiter.jmh.cost;

/**
 * What one decision of a path cost in one run.
 *
 * @param path the benchmark's simple class name and method, with the algorithm where it has one:
 * {@code LocalLimiterBenchmark.inMemory GCRA}
 * @param order where the path stands in the table: its {@link CostRun.Path} ordinal
 * @param outcome {@code grant} or {@code denial}
 * @param cpuNanos the client's CPU time per decision, in nanoseconds ({@link ClientCpuProfiler})
 * @param bytes the bytes allocated per decision ({@code gc.alloc.rate.norm})
 */
public record CostSample(String path, int order, String outcome, double cpuNanos, double bytes) {

	/** {@return the row of the table this sample belongs to: the path and the outcome} */
	public String row() {
		return this.path + " (" + this.outcome + ")";
	}

}
