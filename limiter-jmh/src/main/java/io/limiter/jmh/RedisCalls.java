package io.limiter.jmh;

import io.limiter.jmh.baseline.CallTally;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The secondary metrics of the Redis benchmarks, per thread and iteration (JMH zeroes them before each
 * iteration): Redis commands sent, permits granted and denied. Calls per request are {@code redisCalls / (allowed + denied)}; the utilization is
 * {@code allowed} over what the limit admits in the iteration.
 * <p>
 * Our variants count where they send a command; Bucket4j sends its commands inside the library, so its
 * benchmarks count what the masters report ({@link ServerCommandCount}).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class RedisCalls implements CallTally {

	/** Redis commands sent. */
	public long redisCalls;

	/** Permits granted. */
	public long allowed;

	/** Permits denied. */
	public long denied;

	/** Microseconds from this thread's iteration setup to its teardown. */
	public long countedMicros;

	private long startNanos;

	/**
	 * Notes when the counting starts.
	 */
	@Setup(Level.Iteration)
	public void start() {
		this.startNanos = System.nanoTime();
	}

	/**
	 * Notes how long the counting lasted.
	 */
	@TearDown(Level.Iteration)
	public void stop() {
		this.countedMicros = (System.nanoTime() - this.startNanos) / 1000;
	}

	/**
	 * Counts one decision.
	 * @param granted whether the permit was granted
	 * @param commands the commands it took
	 * @return {@code granted}
	 */
	boolean decided(boolean granted, int commands) {
		this.redisCalls += commands;
		return decided(granted);
	}

	/**
	 * Counts one decision whose commands are counted elsewhere.
	 * @param granted whether the permit was granted
	 * @return {@code granted}
	 */
	boolean decided(boolean granted) {
		if (granted) {
			this.allowed++;
		}
		else {
			this.denied++;
		}
		return granted;
	}

	@Override
	public void commands(int count) {
		this.redisCalls += count;
	}

	@Override
	public void aborted() {
		// An abort is already counted in the commands that it wasted.
	}

}
