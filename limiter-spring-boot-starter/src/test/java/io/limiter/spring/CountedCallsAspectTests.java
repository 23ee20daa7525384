package io.limiter.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.RateLimited.Count;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@link RateLimited} methods that count only some calls (by outcome) or skip some (by a condition over their
 * arguments, which may call beans): plain, {@code CompletableFuture}, {@code Mono} and {@code Flux} results, and the
 * bound on calls in flight. The limit {@code logins} allows two counted calls per key and hour.
 */
class CountedCallsAspectTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.logins.capacity=2", "limiter.limits.logins.period=1h",
				"limiter.limits.tight.capacity=1", "limiter.limits.tight.period=1h")
		.withBean("admins", Admins.class)
		.withBean(Logins.class);

	@Test
	void onlyCallsThatThrowTheCountedExceptionsCount() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			for (int i = 0; i < 5; i++) {
				assertThat(logins.login("alice", "secret")).isEqualTo("welcome alice");
				assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> logins.login("alice", "crash"));
			}
			assertThatExceptionOfType(BadCredentials.class).isThrownBy(() -> logins.login("alice", "guess"));
			assertThatExceptionOfType(BadCredentials.class).isThrownBy(() -> logins.login("alice", "guess"));
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> logins.login("alice", "secret"));
			assertThat(logins.login("bob", "secret")).isEqualTo("welcome bob");
		});
	}

	@Test
	void onlySuccessfulCallsCount() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			for (int i = 0; i < 5; i++) {
				assertThatExceptionOfType(BadCredentials.class).isThrownBy(() -> logins.onSuccess("carol", "guess"));
			}
			logins.onSuccess("carol", "secret");
			logins.onSuccess("carol", "secret");
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> logins.onSuccess("carol", "guess"));
		});
	}

	@Test
	void stagesCountWhenTheyComplete() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			for (int i = 0; i < 5; i++) {
				assertThat(logins.stage("dave", "secret").get()).isEqualTo("welcome dave");
			}
			for (int i = 0; i < 2; i++) {
				assertThatExceptionOfType(ExecutionException.class)
					.isThrownBy(() -> logins.stage("dave", "guess").get())
					.withCauseInstanceOf(BadCredentials.class);
			}
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> logins.stage("dave", "secret").get())
				.withCauseInstanceOf(RateLimitExceededException.class);
		});
	}

	@Test
	void monosAndFluxesCountWhenTheyComplete() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			for (int i = 0; i < 5; i++) {
				assertThat(logins.mono("erin", "secret").block()).isEqualTo("welcome erin");
				assertThat(logins.flux("frank", "secret").collectList().block()).containsExactly("welcome", "frank");
			}
			Mono<String> failing = logins.mono("erin", "guess");
			for (int i = 0; i < 2; i++) {
				assertThatExceptionOfType(BadCredentials.class).isThrownBy(failing::block);
				assertThatExceptionOfType(BadCredentials.class)
					.isThrownBy(() -> logins.flux("frank", "guess").collectList().block());
			}
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(failing::block);
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> logins.flux("frank", "secret").collectList().block());
		});
	}

	@Test
	void aLaterLimitThatDeniesGivesTheCountedLimitsPermitsBack() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			assertThat(logins.twoLimits("ivan")).isEqualTo("ivan");
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> logins.twoLimits("ivan"))
				.satisfies((denied) -> assertThat(denied.limitName()).isEqualTo("tight"));
			RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
			assertThat(registry.limiter("logins").peek("ivan").remaining()).isEqualTo(2);
		});
	}

	@Test
	void skipConditionOverArgumentsMayCallBeans() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			for (int i = 0; i < 5; i++) {
				assertThat(logins.report("root")).isEqualTo("report for root");
			}
			logins.report("grace");
			logins.report("grace");
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> logins.report("grace"));
		});
	}

	/**
	 * Calls that count only when they fail take their permit when they start: with two permits, two calls are in
	 * flight at most, the others are denied at once, and the failures never exceed two.
	 */
	@Test
	void callsInFlightNeverExceedTheRemainingPermits() {
		this.runner.run((context) -> {
			Logins logins = context.getBean(Logins.class);
			ExecutorService threads = Executors.newFixedThreadPool(10);
			try {
				List<Future<String>> calls = new ArrayList<>();
				for (int i = 0; i < 10; i++) {
					calls.add(threads.submit(() -> logins.held("heidi")));
				}
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
				while (calls.stream().filter(Future::isDone).count() < 8 || logins.inFlight() < 2) {
					assertThat(System.nanoTime()).as("calls answered before the deadline").isLessThan(deadline);
					Thread.sleep(10);
				}
				assertThat(logins.inFlight()).as("calls in flight").isEqualTo(2);
				logins.release();
				List<Class<?>> outcomes = new ArrayList<>();
				for (Future<String> call : calls) {
					ExecutionException failure = catchThrowableOfType(ExecutionException.class,
							() -> call.get(30, TimeUnit.SECONDS));
					outcomes.add(failure.getCause().getClass());
				}
				assertThat(outcomes).filteredOn(BadCredentials.class::equals).hasSize(2);
				assertThat(outcomes).filteredOn(RateLimitExceededException.class::equals).hasSize(8);
				assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> logins.held("heidi"));
			}
			finally {
				threads.shutdownNow();
			}
		});
	}

	static class BadCredentials extends RuntimeException {

		BadCredentials() {
			super("bad credentials");
		}

	}

	public static class Admins {

		public boolean contains(String user) {
			return "root".equals(user);
		}

	}

	static class Logins {

		private final CountDownLatch release = new CountDownLatch(1);

		private final AtomicInteger inFlight = new AtomicInteger();

		public int inFlight() {
			return this.inFlight.get();
		}

		public void release() {
			this.release.countDown();
		}

		@RateLimited(limit = "logins", key = "#user", countOn = BadCredentials.class)
		public String login(String user, String password) {
			return check(user, password);
		}

		@RateLimited(limit = "logins", key = "#user", count = Count.SUCCESS)
		public String onSuccess(String user, String password) {
			return check(user, password);
		}

		@RateLimited(limit = "logins", key = "#user", count = Count.FAILURE)
		public CompletableFuture<String> stage(String user, String password) {
			return CompletableFuture.supplyAsync(() -> check(user, password));
		}

		@RateLimited(limit = "logins", key = "#user", countOn = BadCredentials.class)
		public Mono<String> mono(String user, String password) {
			return Mono.fromCallable(() -> check(user, password));
		}

		@RateLimited(limit = "logins", key = "#user", count = Count.FAILURE)
		public Flux<String> flux(String user, String password) {
			return Flux.just("welcome").concatWith(Mono.fromCallable(() -> check(user, password).substring(8)));
		}

		@RateLimited(limit = "logins", key = "#user", countOn = BadCredentials.class)
		@RateLimited(limit = "tight", key = "#user")
		public String twoLimits(String user) {
			return user;
		}

		@RateLimited(limit = "logins", key = "#user", skipIf = "@admins.contains(#user)")
		public String report(String user) {
			return "report for " + user;
		}

		@RateLimited(limit = "logins", key = "#user", countOn = BadCredentials.class)
		public String held(String user) throws InterruptedException {
			this.inFlight.incrementAndGet();
			this.release.await(30, TimeUnit.SECONDS);
			throw new BadCredentials();
		}

		private static String check(String user, String password) {
			return switch (password) {
				case "secret" -> "welcome " + user;
				case "crash" -> throw new IllegalStateException("crash");
				default -> throw new BadCredentials();
			};
		}

	}

}
