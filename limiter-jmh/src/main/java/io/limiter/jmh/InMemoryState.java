package io.limiter.jmh;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.RateLimiter;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Our in-memory backend under one algorithm; its {@code algorithm} parameter multiplies only the benchmarks
 * that use this state.
 */
@State(Scope.Benchmark)
public class InMemoryState {

	/** The algorithm; every one by default. */
	@Param
	public Algorithm algorithm;

	RateLimiter limiter;

	private InMemoryBackend backend;

	/**
	 * Creates the limiter.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.backend = InMemoryBackend.builder().build();
		this.limiter = this.backend.limiter("local", params.limit.limit(this.algorithm));
	}

	/**
	 * Drops the state of every key.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.backend.close();
	}

}
