package io.limiter.internal.redis;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.limiter.internal.LimiterThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bounded call still unanswered at its deadline expires, not before; an answered one is left alone; a scheduler
 * that refuses the task fails the calls with its reason.
 */
class CallDeadlinesTests {

	private final ScheduledExecutorService timer = LimiterThreads.newScheduler("deadlines-test");

	@AfterEach
	void stop() {
		this.timer.shutdownNow();
	}

	@Test
	void expiresTheUnansweredCallsAfterTheirDeadlineAndNoOther() throws Exception {
		CallDeadlines deadlines = new CallDeadlines(this.timer);
		Call answered = new Call();
		Call unanswered = new Call();
		Call other = new Call();
		long start = System.nanoTime();
		deadlines.bound(answered, 500);
		answered.answer();
		deadlines.bound(unanswered, 500);
		deadlines.bound(other, 800);
		assertThat(unanswered.outcome.get(5, TimeUnit.SECONDS)).isEqualTo("expired");
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(500);
		assertThat(other.outcome.get(5, TimeUnit.SECONDS)).isEqualTo("expired");
		assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(800);
		assertThat(answered.outcome.get()).isEqualTo("answered");
		assertThat(answered.expirations.get()).as("told once, and ignored as answered").isEqualTo(1);
	}

	@Test
	void failsTheCallsWhenTheSchedulerIsShutDown() throws Exception {
		this.timer.shutdown();
		Call call = new Call();
		new CallDeadlines(this.timer).bound(call, 50);
		assertThat(call.outcome.get(5, TimeUnit.SECONDS)).isEqualTo("rejected");
	}

	private static final class Call implements CallDeadlines.Deadlined {

		final CompletableFuture<String> outcome = new CompletableFuture<>();

		final AtomicInteger expirations = new AtomicInteger();

		void answer() {
			this.outcome.complete("answered");
		}

		@Override
		public void expire() {
			this.expirations.incrementAndGet();
			this.outcome.complete("expired");
		}

		@Override
		public void reject(RuntimeException reason) {
			this.outcome.complete("rejected");
		}

	}

}
