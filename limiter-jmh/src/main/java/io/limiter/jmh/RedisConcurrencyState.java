package io.limiter.jmh;

import io.limiter.ConcurrencyLimiter;
import io.limiter.RedisBackend;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Our concurrency limiter on the benchmark's Redis, with the server's {@code TIME}, on the limit of
 * {@link ConcurrencyParams}: a script call takes a permit and carries the releases queued before it; the backend
 * sends the releases no take carried, and renews the leases of open permits, in the background.
 */
@State(Scope.Benchmark)
public class RedisConcurrencyState {

	ConcurrencyLimiter limiter;

	private ConcurrencyParams params;

	private RedisBackend backend;

	/**
	 * Creates the limiter.
	 * @param shared the benchmark's Redis
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared, ConcurrencyParams params) {
		this.params = params;
		this.backend = shared.target.backend(null);
		this.limiter = this.backend.concurrencyLimiter("bench-concurrency", params.limit);
	}

	/**
	 * Checks that every permit was released, and closes the backend.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.params.checkReleasedAndClose(this.limiter, this.backend);
	}

}
