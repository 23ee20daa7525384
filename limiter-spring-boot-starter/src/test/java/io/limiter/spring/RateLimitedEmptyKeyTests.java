package io.limiter.spring;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A {@link RateLimited} key that gives {@code null} or blank text never makes calls share one key unnoticed: by
 * default the call fails naming the method and the key, with nothing taken and the method not called; with
 * {@link EmptyKey#SHARE} such calls of one method share one key of their own.
 */
class RateLimitedEmptyKeyTests {

	private static final String ACCOUNTS = RateLimitedEmptyKeyTests.class.getName() + "$Accounts";

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.known.capacity=1", "limiter.limits.known.period=1h",
				"limiter.limits.other.capacity=1", "limiter.limits.other.period=1h")
		.withBean(Accounts.class);

	@Test
	void callWhoseKeyGivesNothingFailsWithoutCallingTheMethod() {
		this.runner.run((context) -> {
			Accounts accounts = context.getBean(Accounts.class);
			assertThatIllegalArgumentException().isThrownBy(() -> accounts.strict(null))
				.withMessage("@RateLimited(limit = \"known\") on " + ACCOUNTS + "#strict(String): its key #user gave "
						+ "null for this call, so the call was not made. Pass a value that tells callers apart, or set "
						+ "emptyKey = SHARE to have such calls share one key.");
			assertThatIllegalArgumentException().isThrownBy(() -> accounts.strict(" \t"))
				.withMessageContaining("its key #user gave blank text for this call");
			assertThat(accounts.calls()).isEqualTo(0);
			assertThat(accounts.strict("alice")).isEqualTo("alice");
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> accounts.strict("alice"));
			assertThat(accounts.strict("bob")).isEqualTo("bob");
		});
	}

	@Test
	void keyThatGivesNothingLeavesEveryLimitOfTheCallUntaken() {
		this.runner.run((context) -> {
			Accounts accounts = context.getBean(Accounts.class);
			assertThatIllegalArgumentException().isThrownBy(() -> accounts.twoLimits(null));
			assertThat(accounts.twoLimits("carol")).isEqualTo("carol");
		});
	}

	@Test
	void sharedEmptyKeyIsOneKeyForTheMethodAlone() {
		this.runner.run((context) -> {
			Accounts accounts = context.getBean(Accounts.class);
			assertThat(accounts.shared(null)).isEqualTo("shared");
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(() -> accounts.shared(" "));
			assertThat(accounts.shared("dave")).isEqualTo("shared");
			assertThat(accounts.sharedToo(null)).isEqualTo("shared too");
			assertThat(accounts.calls()).isEqualTo(3);
		});
	}

	@Test
	void asynchronousCallWhoseKeyGivesNothingFailsAsItsResult() {
		this.runner.run((context) -> {
			Accounts accounts = context.getBean(Accounts.class);
			CompletableFuture<String> stage = accounts.stage(null);
			assertThatExceptionOfType(CompletionException.class).isThrownBy(stage::join)
				.withCauseInstanceOf(IllegalArgumentException.class);
			Mono<String> mono = accounts.mono("");
			assertThatIllegalArgumentException().isThrownBy(mono::block)
				.withMessageContaining(ACCOUNTS + "#mono(String): its key #user gave blank text");
			assertThat(accounts.calls()).isEqualTo(0);
			assertThat(accounts.mono("erin").block()).isEqualTo("erin");
		});
	}

	static class Accounts {

		private final AtomicInteger calls = new AtomicInteger();

		public int calls() {
			return this.calls.get();
		}

		@RateLimited(limit = "known", key = "#user")
		public String strict(String user) {
			this.calls.incrementAndGet();
			return user;
		}

		@RateLimited(limit = "other")
		@RateLimited(limit = "known", key = "#user")
		public String twoLimits(String user) {
			return user;
		}

		@RateLimited(limit = "known", key = "#user", emptyKey = EmptyKey.SHARE)
		public String shared(String user) {
			this.calls.incrementAndGet();
			return "shared";
		}

		@RateLimited(limit = "known", key = "#user", emptyKey = EmptyKey.SHARE)
		public String sharedToo(String user) {
			this.calls.incrementAndGet();
			return "shared too";
		}

		@RateLimited(limit = "known", key = "#user")
		public CompletableFuture<String> stage(String user) {
			this.calls.incrementAndGet();
			return CompletableFuture.completedFuture(user);
		}

		@RateLimited(limit = "known", key = "#user")
		public Mono<String> mono(String user) {
			return Mono.fromSupplier(() -> {
				this.calls.incrementAndGet();
				return user;
			});
		}

	}

}
