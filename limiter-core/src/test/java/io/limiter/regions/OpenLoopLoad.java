package io.limiter.regions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * An open-loop load: each instance receives requests at scheduled times, at its own rate, whether or not earlier
 * ones were answered, as users arrive; each is a {@code tryAcquireAsync} at its scheduled time. A request's latency
 * runs from its scheduled time to its answer, so a caller that falls behind is counted, not hidden (no coordinated
 * omission), and is recorded in an HdrHistogram after the warm-up.
 */
final class OpenLoopLoad {

	private static final long ANSWER_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

	private final List<Instance> instances;

	private final List<String> keys;

	private final Histogram latencyMicros = new ConcurrentHistogram(3);

	private final AtomicLong offered = new AtomicLong();

	private final AtomicLong answered = new AtomicLong();

	private final List<Throwable> exceptions = new CopyOnWriteArrayList<>();

	private long startNanos;

	private long warmUpEndNanos;

	/**
	 * Prepares a load.
	 * @param instances the instances, each at its rate
	 * @param keys the keys, taken in turn by each instance's requests
	 */
	OpenLoopLoad(List<Instance> instances, List<String> keys) {
		this.instances = List.copyOf(instances);
		this.keys = List.copyOf(keys);
	}

	/**
	 * Runs the load, and a fault on this thread while it runs.
	 * @param length how long requests are scheduled
	 * @param warmUp how long from the start latencies are not recorded
	 * @param faultAt when the fault begins, from the start
	 * @param fault the fault, which may take a while
	 * @return the time from the start to the last answer (at most 10 s after the last request), in nanoseconds
	 * @throws Exception when the fault fails, or when interrupted
	 */
	long run(Duration length, Duration warmUp, Duration faultAt, Injection fault) throws Exception {
		this.startNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
		this.warmUpEndNanos = this.startNanos + warmUp.toNanos();
		long endNanos = this.startNanos + length.toNanos();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < this.instances.size(); i++) {
			Instance instance = this.instances.get(i);
			Thread thread = new Thread(() -> schedule(instance, endNanos), "open-loop-" + i);
			thread.setDaemon(true);
			thread.start();
			threads.add(thread);
		}
		LockSupport.parkNanos(this.startNanos + faultAt.toNanos() - System.nanoTime());
		fault.inject();
		for (Thread thread : threads) {
			thread.join();
		}
		long deadline = System.nanoTime() + ANSWER_WAIT_NANOS;
		while (this.answered.get() < this.offered.get() && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		return System.nanoTime() - this.startNanos;
	}

	private void schedule(Instance instance, long endNanos) {
		double intervalNanos = TimeUnit.SECONDS.toNanos(1) / instance.requestsPerSecond();
		for (long n = 0;; n++) {
			long scheduled = this.startNanos + (long) (n * intervalNanos);
			if (scheduled >= endNanos) {
				return;
			}
			for (long wait = scheduled - System.nanoTime(); wait > 0; wait = scheduled - System.nanoTime()) {
				LockSupport.parkNanos(wait);
			}
			String key = this.keys.get((int) (n % this.keys.size()));
			this.offered.incrementAndGet();
			try {
				instance.limiter().tryAcquireAsync(key, 1).whenComplete((decision, failure) -> answer(scheduled, failure));
			}
			catch (RuntimeException ex) {
				answer(scheduled, ex);
			}
		}
	}

	private void answer(long scheduled, Throwable failure) {
		long now = System.nanoTime();
		if (failure != null) {
			this.exceptions.add(failure);
		}
		if (scheduled >= this.warmUpEndNanos) {
			this.latencyMicros.recordValue(TimeUnit.NANOSECONDS.toMicros(now - scheduled));
		}
		this.answered.incrementAndGet();
	}

	/** {@return the requests scheduled} */
	long offered() {
		return this.offered.get();
	}

	/** {@return the requests answered} */
	long answered() {
		return this.answered.get();
	}

	/** {@return the latencies after the warm-up, in microseconds} */
	Histogram latencyMicros() {
		return this.latencyMicros;
	}

	/** {@return what reached a caller instead of a decision} */
	List<Throwable> exceptions() {
		return List.copyOf(this.exceptions);
	}

	/**
	 * A fault injected while the load runs.
	 */
	@FunctionalInterface
	interface Injection {

		/**
		 * Injects the fault, and heals it when it is one that heals.
		 * @throws Exception anything, which fails the run
		 */
		void inject() throws Exception;

	}

}
