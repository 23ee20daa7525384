package io.limiter.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads that repeat a step as fast as they can until stopped, and keep every exception a step threw: those
 * are exceptions that reached a caller of the limiter.
 */
final class Load {

	private final List<Thread> threads = new ArrayList<>();

	private final List<Throwable> exceptions = new CopyOnWriteArrayList<>();

	private final AtomicLong steps = new AtomicLong();

	private final long startedNanos = System.nanoTime();

	private volatile boolean running = true;

	private Load(int threadCount, Step step) {
		for (int i = 0; i < threadCount; i++) {
			int index = i;
			Thread thread = new Thread(() -> run(index, step), "load-" + i);
			thread.setDaemon(true);
			this.threads.add(thread);
		}
		this.threads.forEach(Thread::start);
	}

	/**
	 * Starts the threads.
	 * @param threadCount how many threads
	 * @param step what each thread repeats
	 * @return the running load
	 */
	static Load start(int threadCount, Step step) {
		return new Load(threadCount, step);
	}

	private void run(int thread, Step step) {
		for (long iteration = 0; this.running; iteration++) {
			try {
				step.run(thread, iteration);
			}
			catch (Throwable ex) {
				this.exceptions.add(ex);
			}
			this.steps.incrementAndGet();
		}
	}

	/**
	 * Stops the threads and waits for them.
	 * @return the nanoseconds between start and stop
	 * @throws InterruptedException when interrupted
	 */
	long stop() throws InterruptedException {
		this.running = false;
		for (Thread thread : this.threads) {
			thread.join(TimeUnit.SECONDS.toMillis(30));
			if (thread.isAlive()) {
				throw new IllegalStateException(thread.getName() + " is stuck:\n" + stackOf(thread));
			}
		}
		return System.nanoTime() - this.startedNanos;
	}

	/**
	 * Returns how many steps ran so far.
	 * @return the count
	 */
	long steps() {
		return this.steps.get();
	}

	/** {@return the exceptions thrown by steps} */
	List<Throwable> exceptions() {
		return List.copyOf(this.exceptions);
	}

	private static String stackOf(Thread thread) {
		StringBuilder text = new StringBuilder();
		for (StackTraceElement element : thread.getStackTrace()) {
			text.append("\tat ").append(element).append('\n');
		}
		return text.toString();
	}

	/**
	 * One step of a load thread.
	 */
	@FunctionalInterface
	interface Step {

		/**
		 * Runs the step.
		 * @param thread the index of the thread
		 * @param iteration how many steps this thread ran before
		 * @throws Exception anything, which the load keeps
		 */
		void run(int thread, long iteration) throws Exception;

	}

}
