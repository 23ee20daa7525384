package io.limiter.jmh.cost;

import java.lang.management.ManagementFactory;
import java.util.List;

import com.sun.management.OperatingSystemMXBean;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler of the client's CPU per operation: the CPU time of the whole benchmark JVM over an iteration (every
 * thread: the benchmark's, the Redis client's I/O threads, Reactor's, the collector's and the compiler's), divided
 * by the operations of the iteration, as JMH's {@code -prof gc} divides the bytes allocated
 * ({@code gc.alloc.rate.norm}). Redis runs in a process of its own, so its CPU is not counted, and a thread that
 * waits for a reply or for a core of a busy machine costs nothing: unlike the wall time per operation, this is
 * the work a decision costs the application. The compiler's threads count too: until the JIT has compiled a path,
 * its CPU time per operation is mostly the compiler's and the interpreter's, so the warm-up must give the fork enough
 * CPU time, which a busy machine hands out slowly. Reported as {@value #METRIC}, in nanoseconds per operation. Use:
 * {@code -prof io.limiter.jmh.cost.ClientCpuProfiler}.
 */
public final class ClientCpuProfiler implements InternalProfiler {

	/** The name of the secondary result. */
	public static final String METRIC = "cpu.time.norm";

	private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

	private long startNanos;

	@Override
	public String getDescription() {
		return "CPU time of the benchmark JVM (every thread) per operation";
	}

	@Override
	public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
		this.startNanos = this.os.getProcessCpuTime();
	}

	@Override
	public List<ScalarResult> afterIteration(BenchmarkParams benchmarkParams,
			IterationParams iterationParams, IterationResult result) {
		long cpuNanos = this.os.getProcessCpuTime() - this.startNanos;
		long ops = result.getMetadata().getAllOps();
		double perOp = (ops > 0) ? (double) cpuNanos / ops : Double.NaN;
		return List.of(new ScalarResult(METRIC, perOp, "ns/op", AggregationPolicy.AVG));
	}

}
