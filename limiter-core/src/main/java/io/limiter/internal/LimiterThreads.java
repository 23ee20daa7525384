package io.limiter.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The background threads of a backend: connection attempts, heartbeats, delayed retries, the waits of
 * {@code acquireAsync} and the timeouts of calls. A small pool of its own, named and of daemon threads, shut down
 * with the backend; not {@code CompletableFuture}'s default pool, which on two cores or fewer starts a new thread
 * for every task, nor its single shared delay thread ({@code orTimeout}, {@code delayedExecutor}), on which
 * failure-policy decisions and callers' continuations would otherwise run.
 */
public final class LimiterThreads {

	private static final int THREADS = 2;

	private LimiterThreads() {
	}

	/**
	 * Creates a scheduler of {@value #THREADS} daemon threads named {@code prefix-N}; cancelled tasks leave its
	 * queue at once.
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

	/**
	 * Fails a future with a {@link TimeoutException} on a thread of {@code scheduler} unless it completes within
	 * a delay: {@link CompletableFuture#orTimeout(long, TimeUnit)} on the backend's own threads.
	 * @param <T> the result type
	 * @param future the future
	 * @param millis the delay
	 * @param scheduler the backend's scheduler; once it is shut down the future fails at once
	 * @return {@code future}
	 */
	public static <T> CompletableFuture<T> orTimeout(CompletableFuture<T> future, long millis,
			ScheduledExecutorService scheduler) {
		if (future.isDone()) {
			return future;
		}
		try {
			ScheduledFuture<?> timer = scheduler.schedule(() -> future.completeExceptionally(new TimeoutException()),
					millis, TimeUnit.MILLISECONDS);
			future.whenComplete((result, failure) -> timer.cancel(false));
		}
		catch (RejectedExecutionException ex) {
			future.completeExceptionally(ex);
		}
		return future;
	}

}
