package io.limiter.jmh;

import io.github.bucket4j.distributed.BucketProxy;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One benchmark thread's Bucket4j buckets, plain and optimized, one per key of its {@link BenchmarkThread}
 * sequence and looked up ahead, so that a decision costs Bucket4j no map lookup.
 */
@State(Scope.Thread)
public class Bucket4jThread {

	private KeySequence keys;

	private BucketProxy[] plain;

	private BucketProxy[] optimized;

	/**
	 * Looks up the buckets of the thread's keys.
	 * @param shared the benchmark's Bucket4j proxy managers
	 * @param thread the thread's keys
	 */
	@Setup(Level.Trial)
	public void open(RedisBenchmarkState shared, BenchmarkThread thread) {
		this.keys = thread.keys;
		this.plain = new BucketProxy[this.keys.length()];
		this.optimized = new BucketProxy[this.keys.length()];
		for (int i = 0; i < this.plain.length; i++) {
			this.plain[i] = shared.bucket4j.bucket(this.keys.key(i));
			this.optimized[i] = shared.bucket4jOptimized.bucket(this.keys.key(i));
		}
	}

	/** {@return the plain bucket of the next decision's key} */
	BucketProxy plain() {
		return this.plain[this.keys.next()];
	}

	/** {@return the optimized bucket of the next decision's key} */
	BucketProxy optimized() {
		return this.optimized[this.keys.next()];
	}

}
