package io.limiter.internal;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The background threads of a backend: connection attempts, heartbeats, delayed retries. A small pool of its
 * own, named and of daemon threads, shut down with the backend; not {@code CompletableFuture}'s default pool,
 * which on two cores or fewer starts a new thread for every task.
 */
public final class LimiterThreads {

	private static final int THREADS = 2;

	private LimiterThreads() {
	}

	/**
	 * Creates a scheduler of {@value #THREADS} daemon threads named {@code prefix-N}; cancelled tasks leave its queue at once.
	 * @param prefix the threads' name prefix
	 * @return the scheduler
	 */
	public static ScheduledExecutorService newScheduler(String prefix) {
		AtomicInteger count = new AtomicInteger();
		ThreadFactory factory = (task) -> {
			Thread thread = new Thread(task, prefix + "-" + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
		ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(THREADS, factory);
		scheduler.setRemoveOnCancelPolicy(true);
		return scheduler;
	}

}
