package io.limiter.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The parameters that every benchmark shares: the scenario and the limit of "Scaling a Token Bucket Rate Limiter to 1M ops/sec" (burst 1000, 500 per second)
 * unless {@code -p burst=...} or {@code -p rate=...} says otherwise.
 */
@State(Scope.Benchmark)
public class LimitParams {

	/** {@code hot_key}, {@code per_user} or {@code many_keys} (see {@link Scenario}). */
	@Param({ "hot_key", "per_user", "many_keys" })
	public String scenario;

	/** The capacity of every limit. */
	@Param("1000")
	public long burst;

	/** The refill rate of every limit, in permits per second. */
	@Param("500")
	public long rate;

	Scenario keys;

	BenchmarkLimit limit;

	/**
	 * Checks the parameters.
	 */
	@Setup(Level.Trial)
	public void check() {
		this.keys = Scenario.of(this.scenario);
		this.limit = new BenchmarkLimit(this.burst, this.rate);
	}

}
