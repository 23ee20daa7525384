package io.limiter.spring;

import java.time.Duration;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Scope;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.internal.aop.InvalidRateLimitedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@link RateLimited} used wrongly stops start-up with an {@link InvalidRateLimitedException} naming the method
 * (class#method), the annotation, the attribute and its value, whether the method is ever called or not; used
 * rightly on a plain bean, outside Spring MVC, it throws {@link RateLimitExceededException}.
 */
@ExtendWith(OutputCaptureExtension.class)
class RateLimitedMisuseTests {

	private static final String TESTS = RateLimitedMisuseTests.class.getName();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.known.capacity=1", "limiter.limits.known.period=1h");

	@Test
	void unknownLimitFailsStartUp() {
		assertStartUpFails(UnknownLimit.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$UnknownLimit#call()");
			assertThat(failure.annotation()).isEqualTo("@RateLimited(limit = \"nope\")");
			assertThat(failure.attribute()).isEqualTo("limit");
			assertThat(failure.value()).isEqualTo("nope");
			assertThat(failure).hasMessage("@RateLimited(limit = \"nope\") on " + TESTS + "$UnknownLimit#call() has "
					+ "limit \"nope\": no limit named 'nope'; the limits are [known]");
		});
	}

	@Test
	void unknownLimitOfAClassFailsStartUpNamingOneOfItsMethods() {
		assertStartUpFails(UnknownClassLimit.class,
				(failure) -> assertThat(failure).hasMessageStartingWith(
						"@RateLimited(limit = \"nope\") on " + TESTS + "$UnknownClassLimit#call(String) has limit"));
	}

	@Test
	void missingFallbackFailsStartUp() {
		assertStartUpFails(MissingFallback.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("fallbackMethod");
			assertThat(failure.value()).isEqualTo("absent");
			assertThat(failure.reason()).isEqualTo(TESTS + "$MissingFallback has no method absent with the parameters "
					+ "[class java.lang.String], optionally followed by RateLimitExceededException");
		});
	}

	@Test
	void fallbackWithAnIncompatibleReturnTypeFailsStartUp() {
		assertStartUpFails(WrongFallback.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("fallbackMethod");
			assertThat(failure.reason())
				.isEqualTo("its return type java.lang.Integer is not assignable to java.lang.String");
		});
	}

	@Test
	void zeroCostFailsStartUp() {
		assertStartUpFails(ZeroCost.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("cost");
			assertThat(failure.value()).isEqualTo("0");
			assertThat(failure.reason()).isEqualTo("the cost must be at least 1");
		});
	}

	@Test
	void costAboveTheCapacityFailsStartUp() {
		assertStartUpFails(CostAboveCapacity.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("cost");
			assertThat(failure.value()).isEqualTo("2");
			assertThat(failure.reason()).contains("$CostAboveCapacity#call()")
				.endsWith("takes 2 permits, more than the capacity 1 of limit 'known'");
		});
	}

	@Test
	void unparsableKeyOrSkipConditionFailsStartUp() {
		assertStartUpFails(BadKey.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$BadKey#call(String)");
			assertThat(failure.attribute()).isEqualTo("key");
			assertThat(failure.value()).isEqualTo("#user +");
			assertThat(failure.reason()).startsWith("not a valid SpEL expression: ");
		});
		assertStartUpFails(BadSkip.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("skipIf");
			assertThat(failure.value()).isEqualTo("#user ==");
		});
	}

	@Test
	void countOnWithCountSuccessFailsStartUp() {
		assertStartUpFails(SuccessCountingFailures.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("countOn");
			assertThat(failure.value()).isEqualTo("[java.lang.IllegalStateException]");
			assertThat(failure.reason()).isEqualTo("countOn means count FAILURE, and count is SUCCESS");
		});
	}

	@Test
	void keyOfAParameterWhoseDeclaredTypeHasNoTextOfItsOwnFailsStartUp() {
		assertStartUpFails(KeyedByObject.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$KeyedByObject#login(Credentials)");
			assertThat(failure.attribute()).isEqualTo("key");
			assertThat(failure.value()).isEqualTo("#p0");
			assertThat(failure.reason()).startsWith("it gives a " + TESTS + "$Credentials, which has no toString() of "
					+ "its own");
		});
		assertStartUpFails(KeyedByArray.class,
				(failure) -> assertThat(failure.reason()).startsWith("it gives a java.lang.String[]"));
	}

	@Test
	void methodsNoProxySeesFailStartUp() {
		assertStartUpFails(PrivateMethod.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$PrivateMethod#call()");
			assertThat(failure.attribute()).isNull();
			assertThat(failure.reason()).isEqualTo("it is private, and a private method is called directly, never "
					+ "through the Spring proxy, so the limit would never apply");
		});
		assertStartUpFails(StaticMethod.class,
				(failure) -> assertThat(failure.reason()).startsWith("it is static, and a static method"));
		assertStartUpFails(FinalMethod.class, (failure) -> assertThat(failure.reason())
			.startsWith("it is final, and the Spring proxy (a subclass of the bean's class) cannot override it"));
		assertStartUpFails(FinalClass.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$FinalClass#call()");
			assertThat(failure.reason()).startsWith("its class is final");
		});
	}

	@Test
	void publicMethodsOfAnAnnotatedClassMustBeOverridable() {
		assertStartUpFails(AnnotatedClassWithAFinalMethod.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$AnnotatedClassWithAFinalMethod#fixed()");
			assertThat(failure.reason()).startsWith("it is final");
		});
	}

	@Test
	void emptyKeyWithoutAKeyExpressionFailsStartUp() {
		assertStartUpFails(EmptyKeyWithoutKey.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("emptyKey");
			assertThat(failure.value()).isEqualTo("SHARE");
			assertThat(failure.reason()).isEqualTo("it applies only to a key expression, and key is empty: every call "
					+ "of the method shares one key already");
		});
	}

	@Test
	void anEmptyKeyOfTheClientAddressFailsStartUpSinceACallHasNone() {
		assertStartUpFails(EmptyKeyOfClientAddress.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("emptyKey");
			assertThat(failure.value()).isEqualTo("CLIENT_ADDRESS");
			assertThat(failure.reason())
				.isEqualTo("a method call has no client address: give DENY (the default) or SHARE");
		});
	}

	@Test
	void maxWaitThatIsNoDurationIsNegativeOrOnAConcurrencyLimitFailsStartUp() {
		assertStartUpFails(UnparsableWait.class, (failure) -> {
			assertThat(failure.method()).isEqualTo(TESTS + "$UnparsableWait#call()");
			assertThat(failure.attribute()).isEqualTo("maxWait");
			assertThat(failure.value()).isEqualTo("soon");
			assertThat(failure.reason()).isEqualTo("not a duration; write one such as 500ms, 5s or PT5S, or leave "
					+ "maxWait empty for no wait");
		});
		assertStartUpFails(NegativeWait.class, (failure) -> {
			assertThat(failure.attribute()).isEqualTo("maxWait");
			assertThat(failure.value()).isEqualTo("-1s");
			assertThat(failure.reason()).startsWith("a wait cannot be negative");
		});
		this.runner.withPropertyValues("limiter.concurrency.exports.max-in-flight=1")
			.withBean(WaitOnConcurrencyLimit.class)
			.run((context) -> {
				InvalidRateLimitedException failure = startUpFailure(context);
				assertThat(failure.attribute()).isEqualTo("maxWait");
				assertThat(failure.value()).isEqualTo("5s");
				assertThat(failure.reason()).startsWith("limit 'exports' is a concurrency limit")
					.contains("at a time no decision can tell, so a call could only wait for it by polling");
			});
	}

	@Test
	void reactiveTypeTheAspectCannotReturnFailsStartUp() {
		assertStartUpFails(OwnPublisherType.class, (failure) -> assertThat(failure.reason())
			.startsWith("it returns " + TESTS + "$Quotes, a reactive type that the aspect cannot return (Spring's "
					+ "ReactiveAdapterRegistry adapts it only as a org.reactivestreams.Publisher)"));
	}

	@Test
	void mistakeInABeanMadeAfterStartUpFailsWhenItIsMade() {
		this.runner.withUserConfiguration(PrototypeConfiguration.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThatException().isThrownBy(() -> context.getBean(MissingFallback.class))
				.satisfies((failure) -> assertThat(invalidIn(failure))
					.hasMessageContaining("has fallbackMethod \"absent\""));
		});
	}

	@Test
	void costIsRequiredOfTheLimitFromStartUpBeforeAnyCall() {
		this.runner.withPropertyValues("limiter.limits.wide.capacity=3", "limiter.limits.wide.period=1h")
			.withBean(CostOfThree.class)
			.run((context) -> assertThatIllegalArgumentException()
				.isThrownBy(() -> context.getBean(RateLimiterRegistry.class)
					.update("wide", Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofHours(1))))
				.withMessageContaining("$CostOfThree#call()")
				.withMessageContaining("takes 3 permits per request"));
	}

	@Test
	void keyOfAnObjectWithoutItsOwnTextFailsTheCallNamingMethodExpressionAndType() {
		this.runner.withBean(Misused.class).run((context) -> {
			Misused bean = context.getBean(Misused.class);
			assertThatExceptionOfType(InvalidRateLimitedException.class)
				.isThrownBy(() -> bean.byObject(new Credentials("alice")))
				.withMessageStartingWith("@RateLimited(limit = \"known\") on " + TESTS + "$Misused#byObject(Object) "
						+ "has key \"#request\": it gives a " + TESTS + "$Credentials, which has no toString() of its "
						+ "own");
			assertThatExceptionOfType(InvalidRateLimitedException.class)
				.isThrownBy(() -> bean.byObject(new String[] { "alice" }))
				.withMessageContaining("it gives a java.lang.String[], which has no toString() of its own");
			assertThat(bean.byObject("alice")).isEqualTo("alice");
		});
	}

	@Test
	void keysOfValuesWithTheirOwnTextLimitPerValue() {
		this.runner.withBean(Misused.class).run((context) -> {
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
	void deniedCallWithoutFallbackThrowsWithTheDecision() {
		this.runner.withBean(Misused.class).run((context) -> {
			Misused bean = context.getBean(Misused.class);
			assertThat(bean.limited()).isEqualTo("ok");
			RateLimitExceededException exception = catchThrowableOfType(RateLimitExceededException.class,
					bean::limited);
			assertThat(exception.limitName()).isEqualTo("known");
			assertThat(exception.decision().isAllowed()).isFalse();
			assertThat(exception.decision().retryAfterMillis()).isPositive();
		});
	}

	@Test
	void annotationOnAnInterfaceMethodLimitsItsImplementations() {
		this.runner.withBean(Implementation.class).run((context) -> {
			Api api = context.getBean(Api.class);
			api.call();
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(api::call);
		});
	}

	@Test
	void packagePrivateMethodIsLimited() {
		this.runner.withBean(PackagePrivate.class).run((context) -> {
			PackagePrivate bean = context.getBean(PackagePrivate.class);
			bean.call();
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(bean::call);
		});
	}

	@Test
	void invalidAnnotationIsReportedAtStartUp(CapturedOutput output) {
		SpringApplication application = new SpringApplication(Application.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(
				() -> application.run("--limiter.limits.known.capacity=1", "--limiter.limits.known.period=1h"));
		assertThat(output).contains("APPLICATION FAILED TO START", "@RateLimited cannot be enforced:",
				"Method: " + TESTS + "$MissingFallback#call(String)", "Annotation: @RateLimited(limit = \"known\")",
				"Attribute: fallbackMethod", "Value: absent", "Reason: " + TESTS + "$MissingFallback has no method",
				"Update the @RateLimited annotation on " + TESTS + "$MissingFallback#call(String).");
	}

	private void assertStartUpFails(Class<?> bean, Consumer<InvalidRateLimitedException> failure) {
		this.runner.withBean(bean).run((context) -> failure.accept(startUpFailure(context)));
	}

	private static InvalidRateLimitedException startUpFailure(AssertableApplicationContext context) {
		assertThat(context).hasFailed();
		return invalidIn(context.getStartupFailure());
	}

	private static InvalidRateLimitedException invalidIn(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof InvalidRateLimitedException invalid) {
				return invalid;
			}
		}
		throw new AssertionError("no InvalidRateLimitedException among the causes of " + failure, failure);
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
			AopAutoConfiguration.class })
	@Import(MissingFallback.class)
	static class Application {

	}

	@Configuration(proxyBeanMethods = false)
	static class PrototypeConfiguration {

		@Bean
		@Scope("prototype")
		MissingFallback missingFallback() {
			return new MissingFallback();
		}

	}

	static class UnknownLimit {

		@RateLimited(limit = "nope")
		public void call() {
		}

	}

	@RateLimited(limit = "nope")
	static class UnknownClassLimit {

		public String call(String value) {
			return value;
		}

	}

	static class MissingFallback {

		@RateLimited(limit = "known", fallbackMethod = "absent")
		public String call(String value) {
			return value;
		}

	}

	static class WrongFallback {

		@RateLimited(limit = "known", fallbackMethod = "number")
		public String call() {
			return "text";
		}

		Integer number() {
			return 1;
		}

	}

	static class ZeroCost {

		@RateLimited(limit = "known", cost = 0)
		public void call() {
		}

	}

	static class CostAboveCapacity {

		@RateLimited(limit = "known", cost = 2)
		public void call() {
		}

	}

	static class CostOfThree {

		@RateLimited(limit = "wide", cost = 3)
		public void call() {
		}

	}

	static class UnparsableWait {

		@RateLimited(limit = "known", maxWait = "soon")
		public void call() {
		}

	}

	static class NegativeWait {

		@RateLimited(limit = "known", maxWait = "-1s")
		public void call() {
		}

	}

	static class WaitOnConcurrencyLimit {

		@RateLimited(limit = "exports", maxWait = "5s")
		public void call() {
		}

	}

	static class EmptyKeyWithoutKey {

		@RateLimited(limit = "known", emptyKey = EmptyKey.SHARE)
		public void call() {
		}

	}

	static class EmptyKeyOfClientAddress {

		@RateLimited(limit = "known", key = "#user", emptyKey = EmptyKey.CLIENT_ADDRESS)
		public String call(String user) {
			return user;
		}

	}

	static class BadKey {

		@RateLimited(limit = "known", key = "#user +")
		public String call(String user) {
			return user;
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

	static class PrivateMethod {

		@RateLimited(limit = "known")
		private void call() {
		}

	}

	static class StaticMethod {

		@RateLimited(limit = "known")
		public static void call() {
		}

	}

	static class FinalMethod {

		@RateLimited(limit = "known")
		public final void call() {
		}

	}

	static final class FinalClass {

		@RateLimited(limit = "known")
		public void call() {
		}

	}

	@RateLimited(limit = "known")
	static class AnnotatedClassWithAFinalMethod {

		public void call() {
		}

		public final void fixed() {
		}

	}

	static class OwnPublisherType {

		@RateLimited(limit = "known")
		public Quotes quotes() {
			return new Quotes();
		}

	}

	/** A {@code Publisher} of its own type, which no {@code ReactiveAdapterRegistry} knows. */
	static class Quotes implements Publisher<String> {

		@Override
		public void subscribe(Subscriber<? super String> subscriber) {
			throw new UnsupportedOperationException("never subscribed to");
		}

	}

	interface Api {

		@RateLimited(limit = "known")
		void call();

	}

	static class Implementation implements Api {

		@Override
		public void call() {
		}

	}

	static class PackagePrivate {

		@RateLimited(limit = "known")
		void call() {
		}

	}

	static class Misused {

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
