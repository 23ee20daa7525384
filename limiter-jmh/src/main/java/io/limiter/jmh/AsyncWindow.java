package io.limiter.jmh;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * One benchmark thread's asynchronous decisions in flight: {@code inFlight} over all threads, divided evenly
 * (at least one per thread). Each operation waits for the oldest decision of the thread and sends a new one in
 * its place, so the throughput is the rate at which decisions complete while that many are outstanding, the
 * way a reactive gateway calls the limiter.
 */
@State(Scope.Thread)
public class AsyncWindow {

	/** The decisions in flight over all threads. */
	@Param("256")
	public int inFlight;

	private List<CompletableFuture<Decision>> pending;

	private int next;

	/**
	 * Sizes the thread's share of the window.
	 * @param thread this thread's parameters
	 */
	@Setup(Level.Trial)
	public void open(ThreadParams thread) {
		if (this.inFlight < 1) {
			throw new IllegalArgumentException("inFlight must be at least 1 but was " + this.inFlight);
		}
		this.pending = new ArrayList<>(Collections.nCopies(Math.max(1, this.inFlight / thread.getThreadCount()),
				null));
	}

	/**
	 * Sends a decision and retires the oldest one of this thread, waiting for it if it is not complete.
	 * @param limiter the limiter
	 * @param key the key of the new decision
	 * @param calls counts the retired decision, one Redis call unless an in-memory block made it
	 * @return whether the retired decision was a grant ({@code false} while the window first fills)
	 */
	boolean decide(RateLimiter limiter, String key, RedisCalls calls) {
		Decision retired = sendAndRetire(limiter, key);
		return (retired != null) && calls.decidedBehindBlock(retired);
	}

	/**
	 * Sends a decision and retires the oldest one of this thread, as {@link #decide(RateLimiter, String, RedisCalls)}
	 * does, counting the commands given.
	 * @param limiter the limiter
	 * @param key the key of the new decision
	 * @param calls counts the retired decision
	 * @param commands the Redis commands counted for it here: 0 when the clients count them
	 * @return whether the retired decision was a grant ({@code false} while the window first fills)
	 */
	boolean decide(RateLimiter limiter, String key, RedisCalls calls, int commands) {
		Decision retired = sendAndRetire(limiter, key);
		return (retired != null) && calls.decided(retired.isAllowed(), commands);
	}

	/** Sends a decision and returns the oldest one of this thread, or {@code null} while the window first fills. */
	private Decision sendAndRetire(RateLimiter limiter, String key) {
		CompletableFuture<Decision> oldest = this.pending.set(this.next,
				limiter.tryAcquireAsync(key, 1).toCompletableFuture());
		this.next = (this.next + 1 == this.pending.size()) ? 0 : this.next + 1;
		return (oldest != null) ? oldest.join() : null;
	}

	/**
	 * Waits for the decisions still in flight, so that none outlives the connection.
	 */
	@TearDown(Level.Trial)
	public void drain() {
		for (CompletableFuture<Decision> decision : this.pending) {
			if (decision != null) {
				try {
					decision.join();
				}
				catch (CompletionException ex) {
					// A decision that failed at the end of a run changes no figure.
				}
			}
		}
	}

}
