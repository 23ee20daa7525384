package io.limiter.jmh.check;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;

import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.jmh.Scenario;
import io.limiter.jmh.baseline.CallTally;

/**
 * One run of the over-grant test of "Benchmarking Token Bucket Rate Limiters": {@code threads} threads ask one implementation for permits as fast
 * as they can, on one key ({@code hot_key}) or on a key each ({@code per_user}), and the grants are compared
 * with {@link GrantBounds} for each key.
 * <p>
 * Each key is measured from the first request sent for it (nothing can be granted before) to a reading
 * taken after its last answer. Its threads run until {@code seconds} after the answer that completed its
 * burst (or {@code seconds} after its first request, if no burst completes by then). Stopping exactly
 * {@code seconds} after the first request would end every run a few milliseconds before the last refill or
 * window that the bound counts, because the first grants arrive a little after it; the sliding window log
 * would then read 75 % of its bound for want of its fourth window. Scheduling jitter delays each later
 * window of the log a little more, so the threads also ask for a tenth of a period past that deadline. The
 * bound is computed over the whole measured span, so it stays a true maximum.
 */
public final class OverGrantRun {

	private static final long UNSET = Long.MIN_VALUE;

	private final Limit limit;

	private final Scenario scenario;

	private final int threads;

	private final long runMillis;

	private final LimiterClock clock;

	/**
	 * Prepares a run.
	 * @param limit the limit
	 * @param scenario the keys
	 * @param threads how many threads ask at once
	 * @param seconds how long the threads ask after the burst
	 * @param clock the clock that measures the run
	 */
	public OverGrantRun(Limit limit, Scenario scenario, int threads, Duration seconds, LimiterClock clock) {
		this.limit = limit;
		this.scenario = scenario;
		this.threads = threads;
		this.runMillis = seconds.toMillis();
		this.clock = clock;
	}

	/**
	 * Runs the threads and waits for them.
	 * @param limiter the implementation, for {@link #limit()}
	 * @param keyPrefix what makes the keys fresh
	 * @return the counts
	 * @throws InterruptedException when interrupted while waiting for the threads
	 */
	public Result run(CheckedLimiter limiter, String keyPrefix) throws InterruptedException {
		Map<String, KeyRun> keys = new LinkedHashMap<>();
		List<Worker> workers = new ArrayList<>();
		CountDownLatch go = new CountDownLatch(1);
		for (int i = 0; i < this.threads; i++) {
			KeyRun key = keys.computeIfAbsent(this.scenario.key(keyPrefix, i), KeyRun::new);
			workers.add(new Worker(limiter, key, go));
		}
		List<Thread> started = new ArrayList<>();
		for (Worker worker : workers) {
			Thread thread = new Thread(worker, "over-grant-" + started.size());
			thread.start();
			started.add(thread);
		}
		go.countDown();
		for (Thread thread : started) {
			thread.join();
		}
		long allowed = 0;
		long errors = 0;
		for (Worker worker : workers) {
			allowed += worker.allowed;
			errors += worker.errors;
		}
		long max = 0;
		for (KeyRun key : keys.values()) {
			long first = key.firstSend.get();
			if (first != UNSET) {
				max += GrantBounds.max(this.limit, first, Math.max(first, key.lastAnswer.get()));
			}
		}
		return new Result(allowed, max, errors);
	}

	/** {@return the limit of the run} */
	public Limit limit() {
		return this.limit;
	}

	/**
	 * The counts of one run.
	 *
	 * @param allowed the permits granted over all keys
	 * @param max the sum of the keys' bounds
	 * @param errors failed calls plus aborted transactions
	 */
	public record Result(long allowed, long max, long errors) {

	}

	private final class KeyRun {

		private final String key;

		private final AtomicLong granted = new AtomicLong();

		private final AtomicLong firstSend = new AtomicLong(UNSET);

		private final LongAccumulator lastAnswer = new LongAccumulator(Math::max, Long.MIN_VALUE);

		private volatile long burstAnswered = Long.MAX_VALUE;

		KeyRun(String key) {
			this.key = key;
		}

		/**
		 * Records that a request is about to be sent and answers whether the key's run is still on.
		 */
		boolean sending(long now) {
			this.firstSend.compareAndSet(UNSET, now);
			return now < deadline();
		}

		long deadline() {
			long first = this.firstSend.get();
			if (first == UNSET) {
				return Long.MAX_VALUE;
			}
			long runMillis = OverGrantRun.this.runMillis;
			long burst = this.burstAnswered;
			return ((burst < first + runMillis) ? burst : first) + runMillis
					+ OverGrantRun.this.limit.periodMillis() / 10;
		}

		void answered(long time, boolean allowed) {
			this.lastAnswer.accumulate(time);
			if (allowed && this.granted.incrementAndGet() == OverGrantRun.this.limit.capacity()) {
				this.burstAnswered = time;
			}
		}

	}

	private final class Worker implements Runnable, CallTally {

		private final CheckedLimiter limiter;

		private final KeyRun key;

		private final CountDownLatch go;

		private long allowed;

		private long errors;

		Worker(CheckedLimiter limiter, KeyRun key, CountDownLatch go) {
			this.limiter = limiter;
			this.key = key;
			this.go = go;
		}

		@Override
		public void run() {
			try {
				this.go.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
			LimiterClock clock = OverGrantRun.this.clock;
			while (this.key.sending(clock.millis())) {
				boolean granted = false;
				try {
					granted = this.limiter.tryAcquire(this.key.key, this);
				}
				catch (Exception ex) {
					this.errors++;
				}
				this.key.answered(clock.millis(), granted);
				if (granted) {
					this.allowed++;
				}
				else {
					// An in-memory limiter answers without blocking: 64 threads spinning on denials would
					// starve the others of the 2 cores for so long that their keys' bursts stall.
					Thread.yield();
				}
			}
			// The bound may count up to the deadline even when the last answer came before it, but not up to
			// a late reading of a thread that the scheduler kept waiting past it.
			this.key.answered(Math.min(clock.millis(), this.key.deadline()), false);
		}

		@Override
		public void commands(int count) {
			// The check counts grants, not round trips; the benchmarks count those.
		}

		@Override
		public void aborted() {
			this.errors++;
		}

	}

}
