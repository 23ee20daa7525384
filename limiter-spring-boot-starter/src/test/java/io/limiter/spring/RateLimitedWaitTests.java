package io.limiter.spring;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterMetricsAutoConfiguration;
import io.limiter.spring.internal.aop.InvalidRateLimitedException;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@link RateLimited#maxWait()}: a call waits for its permits when they come within the wait, then runs; one whose
 * permits would come later is denied at once. A method that returns a value waits on its own thread, one that returns
 * a {@code Mono}, {@code Flux} or stage without holding the thread that called or subscribed. Several limits share
 * one deadline, the window algorithms wait by retrying, and an interrupted wait fails the call and keeps the
 * interrupt. ({@link RateLimitedMisuseTests} shows a {@code maxWait} that cannot be applied failing start-up.)
 * <p>
 * Times are bounded by what the limits make certain (a permit every 500 ms), with generous margins, never by how
 * quick the machine is.
 */
class RateLimitedWaitTests {

	private static final Duration DEADLINE = Duration.ofSeconds(10);

	private static final long PACE_MILLIS = 500;

	/** What a wait of {@link #PACE_MILLIS} may fall short of it by: rounding of the clocks to milliseconds. */
	private static final long SLACK_MILLIS = 50;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				LimiterMetricsAutoConfiguration.class, AopAutoConfiguration.class))
		.withPropertyValues(limit("paced", "token-bucket", "500ms"))
		.withPropertyValues(limit("paced-b", "token-bucket", "1s"))
		.withPropertyValues(limit("gated", "token-bucket", "3s"))
		.withPropertyValues(limit("slow", "token-bucket", "10s"))
		.withPropertyValues(limit("minutely", "token-bucket", "1m"))
		.withPropertyValues(limit("windowed", "fixed-window", "500ms"))
		.withPropertyValues(backend())
		.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
		.withBean(Partner.class);

	/** A key of this test's own, so that the tests run as well on a Redis that other tests share. */
	private final String key = "partner-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

	private final Scheduler caller = Schedulers.newSingle("caller");

	@AfterEach
	void disposeCaller() {
		this.caller.dispose();
	}

	/**
	 * Returns the properties that choose the backend of the test.
	 * @return none here: the in-memory backend
	 */
	String[] backend() {
		return new String[0];
	}

	/**
	 * Returns the backend that {@link #backend()} chooses, which decides every call of the test.
	 * @return its class
	 */
	Class<? extends LimiterBackend> backendClass() {
		return InMemoryBackend.class;
	}

	/** {@return the properties of a limit of one permit per period} */
	private static String[] limit(String name, String algorithm, String period) {
		String prefix = "limiter.limits." + name;
		return new String[] { prefix + ".algorithm=" + algorithm, prefix + ".capacity=1", prefix + ".period=" + period };
	}

	@Test
	void callsAreDecidedByTheBackendOfTheTest() {
		this.runner.run((context) -> assertThat(context.getBean(LimiterBackend.class)).isInstanceOf(backendClass()));
	}

	@Test
	void blockingCallsFromOneThreadAreSpacedByTheRate() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			long start = System.nanoTime();
			for (int i = 0; i < 4; i++) {
				assertThat(partner.paced(this.key)).isEqualTo("called");
			}
			long end = System.nanoTime();
			// 2 per second, burst 1: the first call at once, call i not before i x 500 ms after the first permit
			for (int i = 1; i < 4; i++) {
				assertThat(millisBetween(start, partner.calls().get(i))).as("call %d", i)
					.isGreaterThanOrEqualTo(i * PACE_MILLIS - SLACK_MILLIS);
			}
			assertThat(millisBetween(start, end)).isGreaterThanOrEqualTo(1400).isLessThan(DEADLINE.toMillis());
			Timer delays = context.getBean(MeterRegistry.class)
				.get(MicrometerLimiterObserver.RESERVATION_DELAY)
				.tag("limit", "paced")
				.timer();
			assertThat(delays.count()).isEqualTo(3);
			assertThat(delays.totalTime(TimeUnit.MILLISECONDS)).isGreaterThan(PACE_MILLIS);
		});
	}

	@Test
	void callWhosePermitWouldComeAfterMaxWaitIsDeniedAtOnce() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertThat(partner.slow(this.key)).isEqualTo("called");
			long start = System.nanoTime();
			RateLimitExceededException denied = catchThrowableOfType(RateLimitExceededException.class,
					() -> partner.slow(this.key));
			// the permit comes in about 10 s, beyond the 2 s of maxWait: the call does not wait at all
			assertThat(millisBetween(start, System.nanoTime())).isLessThan(1000);
			assertThat(denied.limitName()).isEqualTo("slow");
			assertThat(denied.decision().retryAfterMillis()).isGreaterThan(2000);
			assertThat(partner.slowOrLater(this.key)).isEqualTo("later");
			assertThat(partner.calls()).hasSize(1);
		});
	}

	@Test
	void fixedWindowCallWaitsByRetryingWhenTheNextWindowOpens() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertThat(partner.windowed(this.key)).isEqualTo("called");
			RateLimiter limiter = context.getBean(RateLimiterRegistry.class).limiter("windowed");
			long start;
			Decision full;
			do {
				// a new window may have opened since the call: then this takes its permit, and the next one is denied
				start = System.nanoTime();
				full = limiter.tryAcquire(this.key, 1);
			}
			while (full.isAllowed());
			assertThat(partner.windowed(this.key)).isEqualTo("called");
			assertThat(millisBetween(start, System.nanoTime()))
				.isGreaterThanOrEqualTo(full.retryAfterMillis() - SLACK_MILLIS);
			assertThat(partner.calls()).hasSize(2);
		});
	}

	@Test
	void severalLimitsShareOneDeadline() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
			long start = System.nanoTime();
			assertThat(registry.limiter("paced").tryAcquire(this.key, 1).isAllowed()).isTrue();
			assertThat(registry.limiter("paced-b").tryAcquire(this.key, 1).isAllowed()).isTrue();
			// "paced" is due in 500 ms, within 700 ms; "paced-b" then in about 500 ms more, beyond the 200 ms left,
			// though within a 700 ms of its own
			RateLimitExceededException denied = catchThrowableOfType(RateLimitExceededException.class,
					() -> partner.both(this.key));
			assertThat(denied.limitName()).isEqualTo("paced-b");
			assertThat(millisBetween(start, System.nanoTime())).isGreaterThanOrEqualTo(PACE_MILLIS - SLACK_MILLIS);
			assertThat(partner.calls()).isEmpty();
		});
	}

	@Test
	void waitedPermitsOfACallThatDoesNotCountAreGivenBack() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			RateLimiter limiter = context.getBean(RateLimiterRegistry.class).limiter("paced");
			assertThat(partner.pacedSuccesses(this.key, false)).isEqualTo("called");
			// waits about 500 ms for a reserved permit, then fails: a failure does not count, so the permit comes back
			assertThatExceptionOfType(IllegalStateException.class)
				.isThrownBy(() -> partner.pacedSuccesses(this.key, true));
			assertThat(partner.calls()).hasSize(2);
			assertThat(limiter.peek(this.key).remaining()).isEqualTo(1);
			assertThat(partner.pacedSuccesses(this.key, false)).isEqualTo("called");
			assertThat(limiter.peek(this.key).remaining()).isZero();
		});
	}

	@Test
	void monoWaitsWithoutBlockingTheThreadThatSubscribes() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertWaitsWithoutBlocking(partner, () -> partner.mono(this.key).toFuture());
		});
	}

	@Test
	void fluxWaitsWithoutBlockingTheThreadThatSubscribes() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertWaitsWithoutBlocking(partner, () -> partner.flux(this.key).collectList().toFuture());
		});
	}

	@Test
	void stageWaitsWithoutBlockingTheThreadThatCalls() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertWaitsWithoutBlocking(partner, () -> partner.stage(this.key));
		});
	}

	@Test
	void monoWhosePermitWouldComeAfterMaxWaitFailsAtOnce() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertThat(partner.slowMono(this.key).block(DEADLINE)).isEqualTo("called");
			long start = System.nanoTime();
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> partner.slowMono(this.key).block(DEADLINE))
				.satisfies((denied) -> assertThat(denied.limitName()).isEqualTo("slow"));
			assertThat(millisBetween(start, System.nanoTime())).isLessThan(1000);
		});
	}

	@Test
	void monoCancelledWhileItWaitsNeverCallsTheMethodAndGivesItsPermitBack() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertCancelledWaitGivesItsPermitBack(context.getBean(RateLimiterRegistry.class), partner,
					() -> partner.minutelyMono(this.key).subscribe()::dispose);
		});
	}

	@Test
	void fluxCancelledWhileItWaitsNeverCallsTheMethodAndGivesItsPermitBack() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertCancelledWaitGivesItsPermitBack(context.getBean(RateLimiterRegistry.class), partner,
					() -> partner.minutelyFlux(this.key).subscribe()::dispose);
		});
	}

	@Test
	void stageCancelledWhileItWaitsNeverCallsTheMethodAndGivesItsPermitBack() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertCancelledWaitGivesItsPermitBack(context.getBean(RateLimiterRegistry.class), partner, () -> {
				CompletableFuture<String> call = partner.minutelyStage(this.key);
				return () -> call.cancel(false);
			});
		});
	}

	/**
	 * Takes the key's one permit a minute, starts a call, which reserves the next permit and waits for it, and
	 * cancels the call: the reserved permit comes back (the key's reset-after falls back to a minute at most, which
	 * refill alone would take a minute to do) and the method is never called.
	 * @param call starts the call and returns what cancels it
	 */
	private void assertCancelledWaitGivesItsPermitBack(RateLimiterRegistry registry, Partner partner,
			Supplier<Runnable> call) throws Exception {
		RateLimiter limiter = registry.limiter("minutely");
		assertThat(limiter.tryAcquire(this.key).isAllowed()).isTrue();
		Runnable cancel = call.get();
		await(() -> limiter.peek(this.key).resetAfterMillis() > 60_000);
		cancel.run();
		await(() -> limiter.peek(this.key).resetAfterMillis() <= 60_000);
		assertThat(partner.calls()).isEmpty();
	}

	/**
	 * Calls a limited method twice on a single-thread scheduler; the second call waits about 500 ms for its permit,
	 * and meanwhile the scheduler's thread runs other work at once.
	 */
	private void assertWaitsWithoutBlocking(Partner partner, Supplier<CompletableFuture<?>> call) throws Exception {
		long start = System.nanoTime();
		assertThat(call.get().get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)).isNotNull();
		AtomicReference<CompletableFuture<?>> waiting = new AtomicReference<>();
		this.caller.schedule(() -> waiting.set(call.get()));
		CompletableFuture<Boolean> doneWhenThreadFree = new CompletableFuture<>();
		this.caller.schedule(() -> doneWhenThreadFree.complete(waiting.get().isDone()));
		// a call that held the thread while it waited would be done by the time the thread runs the next task
		assertThat(doneWhenThreadFree.get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS))
			.as("the second call was done when the caller's thread ran its next task")
			.isFalse();
		assertThat(waiting.get().get(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)).isNotNull();
		assertThat(millisBetween(start, System.nanoTime())).isGreaterThanOrEqualTo(PACE_MILLIS - SLACK_MILLIS);
		assertThat(millisBetween(start, partner.calls().get(1))).isGreaterThanOrEqualTo(PACE_MILLIS - SLACK_MILLIS);
	}

	@Test
	void interruptedWaitFailsTheCallAndKeepsTheInterrupt() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			assertThat(partner.gated(this.key)).isEqualTo("called");
			assertInterrupted(() -> partner.gated(this.key), (failure) -> assertThat(failure)
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("interrupted while the call waited for a permit (maxWait 5s)")
				.hasCauseInstanceOf(InterruptedException.class));
			// a key of its own: the interrupted call's reserved permit is lost, so the key's next one is 6 s away
			String other = this.key + "-declared";
			assertThat(partner.gated(other)).isEqualTo("called");
			assertInterrupted(() -> {
				try {
					partner.gatedInterruptibly(other);
				}
				catch (InterruptedException ex) {
					throw new IllegalStateException(ex);
				}
			}, (failure) -> assertThat(failure.getCause()).isInstanceOf(InterruptedException.class)
				.hasMessageContaining("@RateLimited(limit = \"gated\")"));
			assertThat(partner.calls()).hasSize(2);
		});
	}

	/** Interrupts a call while it sleeps for its permit, and checks how it failed and that the interrupt is kept. */
	private static void assertInterrupted(Runnable call, Consumer<Throwable> check) throws Exception {
		AtomicReference<Throwable> failure = new AtomicReference<>();
		AtomicBoolean interruptKept = new AtomicBoolean();
		Thread thread = new Thread(() -> {
			try {
				call.run();
			}
			catch (RuntimeException ex) {
				failure.set(ex);
			}
			interruptKept.set(Thread.currentThread().isInterrupted());
		}, "waiting-caller");
		thread.start();
		await(() -> !thread.isAlive() || Arrays.stream(thread.getStackTrace())
			.anyMatch((frame) -> frame.getClassName().equals(Thread.class.getName())
					&& frame.getMethodName().startsWith("sleep")));
		assertThat(thread.isAlive()).as("waiting, not %s", failure.get()).isTrue();
		thread.interrupt();
		thread.join(DEADLINE.toMillis());
		assertThat(thread.isAlive()).isFalse();
		check.accept(failure.get());
		assertThat(interruptKept).isTrue();
	}

	@Test
	void blockingMethodWithMaxWaitFailsAtOnceOnANonBlockingThread() {
		this.runner.run((context) -> {
			Partner partner = context.getBean(Partner.class);
			CompletableFuture<String> called = new CompletableFuture<>();
			this.caller.schedule(() -> {
				try {
					called.complete(partner.paced(this.key));
				}
				catch (RuntimeException ex) {
					called.completeExceptionally(ex);
				}
			});
			assertThat(called).failsWithin(DEADLINE)
				.withThrowableThat()
				.havingCause()
				.isInstanceOf(InvalidRateLimitedException.class)
				.withMessageContaining("non-blocking");
			assertThat(partner.calls()).isEmpty();
		});
	}

	private static long millisBetween(long startNanos, long endNanos) {
		return TimeUnit.NANOSECONDS.toMillis(endNanos - startNanos);
	}

	private static void await(BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("condition met before the deadline").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

	static class Partner {

		private final List<Long> calls = new CopyOnWriteArrayList<>();

		/** {@return when each call of a limited method ran, by {@link System#nanoTime()}} */
		public List<Long> calls() {
			return this.calls;
		}

		private String called() {
			this.calls.add(System.nanoTime());
			return "called";
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "2s")
		public String paced(String key) {
			return called();
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "2s", count = RateLimited.Count.SUCCESS)
		public String pacedSuccesses(String key, boolean fail) {
			called();
			if (fail) {
				throw new IllegalStateException("failed");
			}
			return "called";
		}

		@RateLimited(limit = "slow", key = "#key", maxWait = "2s")
		public String slow(String key) {
			return called();
		}

		@RateLimited(limit = "slow", key = "#key", maxWait = "PT2S", fallbackMethod = "later")
		public String slowOrLater(String key) {
			return called();
		}

		String later(String key) {
			return "later";
		}

		@RateLimited(limit = "windowed", key = "#key", maxWait = "2s")
		public String windowed(String key) {
			return called();
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "700ms")
		@RateLimited(limit = "paced-b", key = "#key", maxWait = "700ms")
		public String both(String key) {
			return called();
		}

		@RateLimited(limit = "gated", key = "#key", maxWait = "5s")
		public String gated(String key) {
			return called();
		}

		@RateLimited(limit = "gated", key = "#key", maxWait = "5s")
		public String gatedInterruptibly(String key) throws InterruptedException {
			return called();
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "2s")
		public Mono<String> mono(String key) {
			return Mono.fromSupplier(this::called);
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "2s")
		public Flux<String> flux(String key) {
			return Flux.defer(() -> Flux.just(called(), "more"));
		}

		@RateLimited(limit = "paced", key = "#key", maxWait = "2s")
		public CompletableFuture<String> stage(String key) {
			return CompletableFuture.completedFuture(called());
		}

		@RateLimited(limit = "minutely", key = "#key", maxWait = "90s")
		public Mono<String> minutelyMono(String key) {
			return Mono.fromSupplier(this::called);
		}

		@RateLimited(limit = "minutely", key = "#key", maxWait = "90s")
		public Flux<String> minutelyFlux(String key) {
			return Flux.defer(() -> Flux.just(called()));
		}

		@RateLimited(limit = "minutely", key = "#key", maxWait = "90s")
		public CompletableFuture<String> minutelyStage(String key) {
			return CompletableFuture.completedFuture(called());
		}

		@RateLimited(limit = "slow", key = "#key", maxWait = "2s")
		public Mono<String> slowMono(String key) {
			return Mono.fromSupplier(this::called);
		}

	}

}
