package io.limiter.jmh;

import io.limiter.Decision;
import io.limiter.jmh.baseline.CallTally;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The secondary metrics of the Redis benchmarks, per thread and iteration (JMH zeroes them before each
 * iteration and sums them over the threads): Redis commands sent, permits granted and denied, and the
 * microseconds the counters stand for. Calls per request are {@code redisCalls / (allowed + denied)}; the
 * utilization is {@code allowed} over what the limit admits in {@code countedMicros / threads}. That span runs
 * from the previous iteration's teardown to this one's: permits refill between iterations too, and the next
 * iteration takes them, so the measured time alone would overstate the utilization.
 * <p>
 * Our script variants count where they send a command; Bucket4j sends its commands inside the library and the
 * two-tier limiter from whichever thread needs one, so theirs are counted by the clients that send them
 * ({@link SentCommandCount}).
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

	/** Microseconds from the previous iteration's teardown (or this one's setup, at first) to this teardown. */
	public long countedMicros;

	private long startNanos;

	private long lastStopNanos;

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
		long now = System.nanoTime();
		this.countedMicros = (now - ((this.lastStopNanos != 0) ? this.lastStopNanos : this.startNanos)) / 1000;
		this.lastStopNanos = now;
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
	 * Counts one decision of a single-rate limiter behind in-memory block: one script call, unless the block refused
	 * the key locally.
	 * @param decision the decision
	 * @return whether it granted the permit
	 * @throws IllegalStateException when the failure policy made the decision: Redis did not answer in time, and
	 * the run measured a fall-back rather than Redis, so its fork fails
	 */
	boolean decidedBehindBlock(Decision decision) {
		if (decision.isDegraded()) {
			throw new IllegalStateException("the failure policy decided (" + decision
					+ "): Redis did not answer in time, so this run does not measure it");
		}
		return decided(decision.isAllowed(), decision.isLocal() ? 0 : 1);
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
