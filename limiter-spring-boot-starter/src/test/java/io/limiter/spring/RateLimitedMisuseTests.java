package io.limiter.spring;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@link RateLimited} used wrongly fails the call with a message naming the annotation and the method, and
 * used rightly on a plain bean, outside Spring MVC, throws {@link RateLimitExceededException}.
 */
class RateLimitedMisuseTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.known.capacity=1", "limiter.limits.known.period=1h")
		.withBean(Misused.class);

	@Test
	void unknownLimitIsNamed() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(Misused.class).unknownLimit())
			.withMessageContaining("@RateLimited(limit = \"nope\") on public void")
			.withMessageContaining("Misused.unknownLimit()")
			.withMessageContaining("no limit named 'nope'; the limits are [known]"));
	}

	@Test
	void missingFallbackIsNamed() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(Misused.class).missingFallback("x"))
			.withMessageContaining("names fallbackMethod \"absent\"")
			.withMessageContaining("has no method absent with the parameters [class java.lang.String]"));
	}

	@Test
	void fallbackWithAnIncompatibleReturnTypeIsNamed() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(Misused.class).wrongFallback())
			.withMessageContaining("whose return type java.lang.Integer is not assignable to java.lang.String"));
	}

	@Test
	void zeroCostIsNamed() {
		this.runner.run((context) -> assertThatIllegalStateException()
			.isThrownBy(() -> context.getBean(Misused.class).zeroCost())
			.withMessageContaining("has cost 0; it must be at least 1"));
	}

	@Test
	void keyOfAnObjectWithoutItsOwnTextFailsTheCallNamingMethodExpressionAndType() {
		this.runner.run((context) -> {
			Misused bean = context.getBean(Misused.class);
			assertThatIllegalStateException().isThrownBy(() -> bean.byObject(new Credentials("alice")))
				.withMessageContaining("@RateLimited(limit = \"known\") on public java.lang.String")
				.withMessageContaining("Misused.byObject(java.lang.Object) with key \"#request\"")
				.withMessageContaining("gives a io.limiter.spring.RateLimitedMisuseTests$Credentials, which has no "
						+ "toString() of its own");
			assertThatIllegalStateException().isThrownBy(() -> bean.byObject(new String[] { "alice" }))
				.withMessageContaining("gives a java.lang.String[], which has no toString() of its own");
			assertThat(bean.byObject("alice")).isEqualTo("alice");
		});
	}

	@Test
	void keyOfAParameterWhoseDeclaredTypeHasNoTextOfItsOwnFailsStartUp() {
		this.runner.withBean(KeyedByObject.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("KeyedByObject.login(io.limiter.spring.RateLimitedMisuseTests$Credentials) "
						+ "with key \"#p0\" gives a io.limiter.spring.RateLimitedMisuseTests$Credentials, which has "
						+ "no toString() of its own");
		});
		this.runner.withBean(KeyedByArray.class)
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("with key \"#users\" gives a java.lang.String[]"));
	}

	@Test
	void invalidSkipConditionOrCountSettingsFailStartUpNamingTheAnnotation() {
		this.runner.withBean(BadSkip.class)
			.run((context) -> assertThat(context.getStartupFailure())
				.hasStackTraceContaining("@RateLimited(limit = \"known\") on public java.lang.String")
				.hasStackTraceContaining("BadSkip.call(java.lang.String) has an invalid skipIf \"#user ==\""));
		this.runner.withBean(SuccessCountingFailures.class)
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("SuccessCountingFailures.call()")
				.hasMessageContaining("has count SUCCESS and countOn [java.lang.IllegalStateException]; countOn means "
						+ "count FAILURE"));
	}

	@Test
	void keysOfValuesWithTheirOwnTextLimitPerValue() {
		this.runner.run((context) -> {
			Misused bean = context.getBean(Misused.class);
			assertThat(bean.byUser(new Credentials("alice"))).isEqualTo("alice");
			assertThat(bean.byUser(new Credentials("bob"))).isEqualTo("bob");
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> bean.byUser(new Credentials("alice")));
			assertThat(bean.byRecord(new Login("carol"))).isEqualTo("carol");
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> bean.byRecord(new Login("carol")));
		});
	}

	@Test
		void costAboveTheCapacityIsNamedAndKeepsUpdatesFromLoweringIt() {
		this.runner.withPropertyValues("limiter.limits.wide.capacity=3", "limiter.limits.wide.period=1h")
			.run((context) -> {
				Misused bean = context.getBean(Misused.class);
				assertThatIllegalStateException().isThrownBy(bean::costAboveCapacity)
					.withMessageContaining("Misused.costAboveCapacity()")
					.withMessageContaining("takes 2 permits, more than the capacity 1 of limit 'known'");
				bean.costOfThree();
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThatIllegalArgumentException()
					.isThrownBy(() -> registry.update("wide", Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofHours(1))))
					.withMessageContaining("Misused.costOfThree()")
					.withMessageContaining("takes 3 permits per request");
			});
	}

	@Test
	void deniedCallWithoutFallbackThrowsWithTheDecision() {
		this.runner.run((context) -> {
			Misused bean = context.getBean(Misused.class);
			assertThat(bean.limited()).isEqualTo("ok");
			RateLimitExceededException exception = catchThrowableOfType(RateLimitExceededException.class,
					bean::limited);
			assertThat(exception.limitName()).isEqualTo("known");
			assertThat(exception.decision().isAllowed()).isFalse();
			assertThat(exception.decision().retryAfterMillis()).isPositive();
		});
	}

	static class Misused {

		@RateLimited(limit = "nope")
		public void unknownLimit() {
		}

		@RateLimited(limit = "known", cost = 2)
		public void costAboveCapacity() {
		}

		@RateLimited(limit = "wide", cost = 3)
		public void costOfThree() {
		}

		@RateLimited(limit = "known", fallbackMethod = "absent")
		public String missingFallback(String value) {
			return value;
		}

		@RateLimited(limit = "known", fallbackMethod = "number")
		public String wrongFallback() {
			return "text";
		}

		Integer number() {
			return 1;
		}

		@RateLimited(limit = "known", cost = 0)
		public void zeroCost() {
		}

		@RateLimited(limit = "known")
		public String limited() {
			return "ok";
		}

		@RateLimited(limit = "known", key = "#request")
		public String byObject(Object request) {
			return String.valueOf(request);
		}

		@RateLimited(limit = "known", key = "'user:' + #request.user")
		public String byUser(Credentials request) {
			return request.user;
		}

		@RateLimited(limit = "known", key = "#login")
		public String byRecord(Login login) {
			return login.user();
		}

	}

	static class BadSkip {

		@RateLimited(limit = "known", skipIf = "#user ==")
		public String call(String user) {
			return user;
		}

	}

	static class SuccessCountingFailures {

		@RateLimited(limit = "known", count = RateLimited.Count.SUCCESS, countOn = IllegalStateException.class)
		public void call() {
		}

	}

	static class KeyedByObject {

		@RateLimited(limit = "known", key = "#p0")
		public String login(Credentials credentials) {
			return credentials.user;
		}

	}

	static class KeyedByArray {

		@RateLimited(limit = "known", key = "#users")
		public String first(String[] users) {
			return users[0];
		}

	}

	/**
	 * A request object without its own {@code toString()}.
	 */
	public static class Credentials {

		public final String user;

		Credentials(String user) {
			this.user = user;
		}

	}

	/**
	 * A record, whose {@code toString()} is its components.
	 * @param user the user
	 */
	public record Login(String user) {
	}

}
