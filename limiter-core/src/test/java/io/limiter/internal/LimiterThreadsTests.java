package io.limiter.internal;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link LimiterThreads#orTimeout}: the timeout of a call fires on the backend's own threads, not on the JDK's shared
 * delay thread, and leaves nothing behind when the call completes in time.
 */
class LimiterThreadsTests {

	private final ScheduledExecutorService scheduler = LimiterThreads.newScheduler("timeouts");

	@AfterEach
	void shutDown() {
		this.scheduler.shutdownNow();
	}

	@Test
	void aLateCallFailsWithATimeoutOnTheBackendsThread() throws Exception {
		CompletableFuture<String> call = new CompletableFuture<>();
		CompletableFuture<String> failedOn = LimiterThreads.orTimeout(call, 20, this.scheduler)
			.handle((result, failure) -> failure.getClass().getSimpleName() + " on "
					+ Thread.currentThread().getName());
		assertThat(failedOn.get(5, TimeUnit.SECONDS)).matches("TimeoutException on timeouts-\\d+");
	}

	@Test
	void aCallInTimeCancelsItsTimer() throws Exception {
		CompletableFuture<String> call = LimiterThreads.orTimeout(new CompletableFuture<>(), 60_000, this.scheduler);
		assertThat(((ScheduledThreadPoolExecutor) this.scheduler).getQueue()).hasSize(1);
		call.complete("answer");
		assertThat(call.get()).isEqualTo("answer");
		assertThat(((ScheduledThreadPoolExecutor) this.scheduler).getQueue()).isEmpty();
	}

	@Test
	void afterShutdownACallFailsAtOnce() {
		this.scheduler.shutdownNow();
		CompletableFuture<String> call = LimiterThreads.orTimeout(new CompletableFuture<>(), 60_000, this.scheduler);
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(call::get)
			.withCauseInstanceOf(RejectedExecutionException.class);
	}

}
