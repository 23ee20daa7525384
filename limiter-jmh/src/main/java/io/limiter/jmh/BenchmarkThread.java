package io.limiter.jmh;

import io.github.bucket4j.distributed.BucketProxy;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One benchmark thread's key: the shared {@code hot} key, or a {@code user-N} key of its own, and that key's
 * Bucket4j buckets.
 */
@State(Scope.Thread)
public class BenchmarkThread {

	String key;

	String baselineKey;

	BucketProxy bucket4j;

	BucketProxy bucket4jOptimized;

	/**
	 * Picks the key of this thread.
	 * @param params the scenario
	 * @param shared the benchmark's state
	 * @param thread this thread's parameters
	 */
	@Setup(Level.Trial)
	public void pickKey(LimitParams params, RedisBenchmarkState shared, ThreadParams thread) {
		this.key = params.keys.key("", thread.getThreadIndex());
		this.baselineKey = "bench:baseline:" + this.key;
		this.bucket4j = shared.bucket4j.bucket(this.key);
		this.bucket4jOptimized = shared.bucket4jOptimized.bucket(this.key);
	}

}
