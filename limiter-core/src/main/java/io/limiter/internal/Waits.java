package io.limiter.internal;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The waits of {@code acquireAsync}, on a backend's own {@linkplain LimiterThreads scheduler} rather than the
 * JDK's shared delay thread: each wait completes on one of the backend's threads, so the caller's continuations
 * run there too, and a wait still pending when the backend closes fails at once instead of never completing.
 * Closing the waits shuts the scheduler down.
 */
public final class Waits implements AutoCloseable {

	private final ScheduledExecutorService scheduler;

	private final Set<CompletableFuture<Void>> pending = ConcurrentHashMap.newKeySet();

	/**
	 * Creates the waits of a backend.
	 * @param scheduler the backend's scheduler, shut down by {@link #close()}
	 */
	public Waits(ScheduledExecutorService scheduler) {
		this.scheduler = scheduler;
	}

	/**
	 * Returns a future that completes on a thread of the scheduler once a delay has passed.
	 * @param millis the delay
	 * @return the future; it fails with {@link IllegalStateException} when the backend is, or gets, closed first,
	 * and cancelling it (or completing it otherwise) takes its task off the scheduler
	 */
	public CompletableFuture<Void> after(long millis) {
		CompletableFuture<Void> wait = new CompletableFuture<>();
		this.pending.add(wait);
		try {
			ScheduledFuture<?> task = this.scheduler.schedule(() -> wait.complete(null), millis,
					TimeUnit.MILLISECONDS);
			wait.whenComplete((done, failure) -> {
				this.pending.remove(wait);
				task.cancel(false);
			});
		}
		catch (RejectedExecutionException ex) {
			this.pending.remove(wait);
			wait.completeExceptionally(closed());
		}
		return wait;
	}

	/**
	 * Shuts the scheduler down at once and fails every pending wait, so that no caller waits for a thread that
	 * will never run.
	 */
	@Override
	public void close() {
		this.scheduler.shutdownNow();
		for (CompletableFuture<Void> wait : this.pending) {
			wait.completeExceptionally(closed());
		}
	}

	private static IllegalStateException closed() {
		return new IllegalStateException("the backend was closed while acquireAsync was waiting");
	}

}
