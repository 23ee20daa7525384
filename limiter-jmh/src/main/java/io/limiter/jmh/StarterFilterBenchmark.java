package io.limiter.jmh;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import jakarta.servlet.ServletException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.http.HttpStatusCode;

/**
 * The starter's filters on both stacks, with an in-memory token bucket of the limit of {@link LimitParams}: the
 * servlet filter ({@code limiterRateLimitFilter}, see {@link ServletFilterState}) and the WebFlux one
 * ({@code limiterWebFilter}, see {@link WebFluxFilterState}), each invoked directly with Spring's mock request and
 * response, and beside each the same mocks without the filter ({@code servletMocks}, {@code webFluxMocks}): what a
 * request costs the filter is the difference. {@link io.limiter.jmh.cost.CostTable} runs it with the other paths
 * of a decision; alone, for example:
 * <pre>
 * java -jar limiter-jmh/target/benchmarks.jar StarterFilterBenchmark -t 1 -prof gc -p burst=1 -p rate=1
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class StarterFilterBenchmark {

	/**
	 * The starter's servlet filter, one mock request through it.
	 * @param filter the filter
	 * @return the response's status
	 * @throws ServletException never
	 * @throws IOException when writing a denial fails
	 */
	@Benchmark
	public int servletFilter(ServletFilterState filter) throws ServletException, IOException {
		return filter.decide();
	}

	/**
	 * The mock request of {@code servletFilter} without the filter.
	 * @return the response's status
	 * @throws ServletException never
	 * @throws IOException never
	 */
	@Benchmark
	public int servletMocks() throws ServletException, IOException {
		return ServletFilterState.mocksAlone();
	}

	/**
	 * The starter's WebFlux filter, one mock exchange through it.
	 * @param filter the filter
	 * @return the response's status
	 */
	@Benchmark
	public HttpStatusCode webFluxFilter(WebFluxFilterState filter) {
		return filter.decide();
	}

	/**
	 * The mock exchange of {@code webFluxFilter} without the filter.
	 * @return the response's status
	 */
	@Benchmark
	public HttpStatusCode webFluxMocks() {
		return WebFluxFilterState.mocksAlone();
	}

}
