package io.limiter.jmh;

import io.limiter.ConcurrencyLimiter;
import io.limiter.InMemoryBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Our in-memory concurrency limiter on the limit of {@link ConcurrencyParams}.
 */
@State(Scope.Benchmark)
public class InMemoryConcurrencyState {

	ConcurrencyLimiter limiter;

	private ConcurrencyParams params;

	private InMemoryBackend backend;

	/**
	 * Creates the limiter.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(ConcurrencyParams params) {
		this.params = params;
		this.backend = InMemoryBackend.builder().build();
		this.limiter = this.backend.concurrencyLimiter("local-concurrency", params.limit);
	}

	/**
	 * Checks that every permit was released, and drops the state of every key.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.params.checkReleasedAndClose(this.limiter, this.backend);
	}

}
