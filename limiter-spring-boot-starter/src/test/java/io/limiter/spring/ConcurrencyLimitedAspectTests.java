package io.limiter.spring;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.ConcurrencyLimiter;
import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.aop.InvalidRateLimitedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link RateLimited} on a concurrency limit: a call holds its permit while it runs, and gives it back when it
 * returns or throws, or when its stage or {@code Mono} ends (value, error or cancellation). An annotation that sets
 * what a concurrency limit has no use for stops start-up, naming the attribute.
 */
class ConcurrencyLimitedAspectTests {

	private static final Duration DEADLINE = Duration.ofSeconds(10);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.concurrency.exports.max-in-flight=1")
		.withPropertyValues(backend())
		.withBean(Exports.class);

	/** A key of this test's own, so that the tests run as well on a Redis that other tests share. */
	private final String tenant = "acme-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));

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

	private final ExecutorService callers = Executors.newSingleThreadExecutor();

	@AfterEach
	void stopCallers() {
		this.callers.shutdownNow();
	}

	@Test
	void callsAreDecidedByTheBackendOfTheTest() {
		this.runner.run((context) -> assertThat(context.getBean(LimiterBackend.class)).isInstanceOf(backendClass()));
	}

	@Test
	void valueMethodHoldsItsPermitUntilItReturns() {
		this.runner.run((context) -> {
			Exports exports = context.getBean(Exports.class);
			CompletableFuture<Void> gate = new CompletableFuture<>();
			Future<String> running = this.callers.submit(() -> exports.export(this.tenant, gate));
			await(() -> inFlight(context, this.tenant) == 1);
			RateLimitExceededException denied = catchDenial(() -> exports.export(this.tenant, gate));
			assertThat(denied.limitName()).isEqualTo("exports");
			assertThat(denied.decision().retryAfterMillis()).isEqualTo(1000);
			assertThat(exports.export("other", CompletableFuture.completedFuture(null))).isEqualTo("exported");
			gate.complete(null);
			assertThat(running.get()).isEqualTo("exported");
			assertThat(inFlight(context, this.tenant)).isZero();
		});
	}

	@Test
	void valueMethodGivesItsPermitBackWhenItThrows() {
		this.runner.run((context) -> {
			Exports exports = context.getBean(Exports.class);
			for (int i = 0; i < 2; i++) {
				assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> exports.failing(this.tenant));
				assertThat(inFlight(context, this.tenant)).isZero();
			}
		});
	}

	@Test
	void monoHoldsItsPermitUntilItCompletesOrFails() {
		this.runner.run((context) -> {
			Exports exports = context.getBean(Exports.class);
			Sinks.One<String> result = Sinks.one();
			CompletableFuture<String> value = exports.exportMono(this.tenant, result.asMono()).toFuture();
			await(() -> inFlight(context, this.tenant) == 1);
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> exports.exportMono(this.tenant, Mono.just("again")).block());
			result.tryEmitValue("exported");
			assertThat(value.get()).isEqualTo("exported");
			assertThat(inFlight(context, this.tenant)).isZero();
			assertThatExceptionOfType(IllegalStateException.class)
				.isThrownBy(() -> exports.exportMono(this.tenant, Mono.error(new IllegalStateException("failed")))
					.block());
			assertThat(inFlight(context, this.tenant)).isZero();
		});
	}

	@Test
	void cancelledMonoGivesItsPermitBack() {
		this.runner.run((context) -> {
			Exports exports = context.getBean(Exports.class);
			Disposable subscription = exports.exportMono(this.tenant, Mono.never()).subscribe();
			await(() -> inFlight(context, this.tenant) == 1);
			subscription.dispose();
			await(() -> inFlight(context, this.tenant) == 0);
			assertThat(exports.exportMono(this.tenant, Mono.just("exported")).block()).isEqualTo("exported");
		});
	}

	@Test
	void stageHoldsItsPermitUntilItCompletes() {
		this.runner.run((context) -> {
			Exports exports = context.getBean(Exports.class);
			CompletableFuture<String> result = new CompletableFuture<>();
			CompletableFuture<String> stage = exports.exportStage(this.tenant, result).toCompletableFuture();
			assertThat(inFlight(context, this.tenant)).isEqualTo(1);
			CompletionStage<String> again = exports.exportStage(this.tenant, CompletableFuture.completedFuture("again"));
			assertThat(again.toCompletableFuture()).failsWithin(DEADLINE)
				.withThrowableThat()
				.withCauseInstanceOf(RateLimitExceededException.class);
			result.complete("exported");
			assertThat(stage.get()).isEqualTo("exported");
			assertThat(inFlight(context, this.tenant)).isZero();
		});
	}

	@Test
	void costCountOrCountOnOnAConcurrencyLimitFailsStartUp() {
		assertStartUpFails(WithCost.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("cost");
			assertThat(failure.value()).isEqualTo("2");
			assertThat(failure.reason()).startsWith("limit 'exports' is a concurrency limit");
		});
		assertStartUpFails(WithCount.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("count");
			assertThat(failure.value()).isEqualTo("SUCCESS");
		});
		assertStartUpFails(WithCountOn.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("countOn");
			assertThat(failure.value()).contains("java.lang.IllegalStateException");
		});
	}

	private void assertStartUpFails(Class<?> bean, Consumer<InvalidRateLimitedException> check) {
		this.runner.withBean(bean).run((context) -> {
			assertThat(context).hasFailed();
			for (Throwable cause = context.getStartupFailure(); cause != null; cause = cause.getCause()) {
				if (cause instanceof InvalidRateLimitedException invalid) {
					check.accept(invalid);
					return;
				}
			}
			throw new AssertionError("no InvalidRateLimitedException", context.getStartupFailure());
		});
	}

	private static RateLimitExceededException catchDenial(Runnable call) {
		try {
			call.run();
		}
		catch (RateLimitExceededException ex) {
			return ex;
		}
		throw new AssertionError("the call was not denied");
	}

	private static long inFlight(AssertableApplicationContext context, String key) {
		ConcurrencyLimiter limiter = context.getBean(ConcurrencyLimiters.class).get("exports");
		return limiter.inFlight(key);
	}

	private static void await(BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("condition met before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	static class Exports {

		@RateLimited(limit = "exports", key = "#tenant")
		public String export(String tenant, CompletableFuture<Void> gate) {
			gate.join();
			return "exported";
		}

		@RateLimited(limit = "exports", key = "#tenant")
		public String failing(String tenant) {
			throw new IllegalStateException("failed");
		}

		@RateLimited(limit = "exports", key = "#tenant")
		public Mono<String> exportMono(String tenant, Mono<String> result) {
			return result;
		}

		@RateLimited(limit = "exports", key = "#tenant")
		public CompletionStage<String> exportStage(String tenant, CompletionStage<String> result) {
			return result;
		}

	}

	static class WithCost {

		@RateLimited(limit = "exports", cost = 2)
		public void call() {
		}

	}

	static class WithCount {

		@RateLimited(limit = "exports", count = RateLimited.Count.SUCCESS)
		public void call() {
		}

	}

	static class WithCountOn {

		@RateLimited(limit = "exports", countOn = IllegalStateException.class)
		public void call() {
		}

	}

}
