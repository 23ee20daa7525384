package io.limiter.spring.autoconfigure;

import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.aop.support.AopUtils;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.EnableAspectJAutoProxy;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;
import io.limiter.spring.internal.aop.InvalidRateLimitedException;
import io.limiter.spring.internal.aop.RateLimitedAspect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each condition under which {@link RateLimited} is enforced, or start-up fails because it could not be: with and
 * without AspectJ's weaver, with Spring Boot's auto-proxying off, with interface proxies, and for a bean that no
 * proxy wraps.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterAspectAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.known.capacity=1", "limiter.limits.known.period=1h");

	private final ApplicationContextRunner withLimitedBean = this.runner.withBean(Limited.class);

	@Test
	void enforcedWithAspectJ() {
		this.withLimitedBean.run(enforced());
	}

	@Test
	void enforcedWithoutAspectJThroughSpringBootsClassProxying() {
		this.withLimitedBean.withClassLoader(new FilteredClassLoader("org.aspectj")).run(enforced());
	}

	@Test
	void withoutAspectJAndWithInterfaceProxiesStartUpFailsNamingTheDependency() {
		this.withLimitedBean.withClassLoader(new FilteredClassLoader("org.aspectj"))
			.withPropertyValues("spring.aop.proxy-target-class=false")
			.run(startUpFails((failure) -> {
				assertThat(failure.method()).isEqualTo(Limited.class.getName() + "#call()");
				assertThat(failure.reason()).contains("the context has no auto-proxy creator",
						"AspectJ's weaver (org.aspectj.weaver.Advice)");
				assertThat(failure.action()).startsWith("Add org.aspectj:aspectjweaver (Spring Boot's "
						+ "spring-boot-starter-aspectj), or remove spring.aop.proxy-target-class=false.");
			}));
	}

	@Test
	void autoProxyingOffFailsStartUpNamingTheSetting() {
		this.withLimitedBean.withPropertyValues("spring.aop.auto=false").run(startUpFails((failure) -> {
			assertThat(failure.reason())
				.isEqualTo("Spring AOP's auto-proxying is off (spring.aop.auto=false), so no proxy applies the limit");
			assertThat(failure.action()).startsWith("Remove spring.aop.auto=false");
		}));
	}

	@Test
	void autoProxyingOffStartsWithoutAnnotatedBeans() {
		this.runner.withPropertyValues("spring.aop.auto=false")
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(RateLimitedAspect.class));
	}

	@Test
	void autoProxyingOffButTurnedOnByTheApplicationIsEnforced() {
		this.withLimitedBean.withPropertyValues("spring.aop.auto=false")
			.withUserConfiguration(OwnAutoProxying.class)
			.run(enforced());
	}

	@Test
	void beanNoProxyWrapsFailsStartUpNamingIt() {
		this.runner
			.withInitializer((context) -> context.getBeanFactory().registerSingleton("unwrapped", new Limited()))
			.run(startUpFails((failure) -> assertThat(failure.reason())
				.startsWith("bean 'unwrapped' is not proxied with the @RateLimited aspect, so the limit would never "
						+ "apply")));
	}

	@Test
	void finalClassIsLimitedThroughItsInterfaceWithInterfaceProxies() {
		this.runner.withPropertyValues("spring.aop.proxy-target-class=false")
			.withBean(FinalImplementation.class)
			.run((context) -> {
				Api api = context.getBean(Api.class);
				assertThat(AopUtils.isJdkDynamicProxy(api)).isTrue();
				api.call();
				assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(api::call);
			});
	}

	@Test
	void orderIsTheSetting() {
		this.runner.run((context) -> assertThat(context.getBean(RateLimitedAspect.class).getOrder())
			.isEqualTo(Integer.MAX_VALUE - 100));
		this.runner.withPropertyValues("limiter.aspect.order=5")
			.run((context) -> assertThat(context.getBean(RateLimitedAspect.class).getOrder()).isEqualTo(5));
	}

	@Test
	void theAspectMakesNoBeanBeforeThePostProcessorsAreReady(CapturedOutput output) {
		this.withLimitedBean.run(enforced());
		assertThat(output).doesNotContain("not eligible for getting processed by all BeanPostProcessors");
	}

	private static ContextConsumer<AssertableApplicationContext> enforced() {
		return (context) -> {
			Limited limited = context.getBean(Limited.class);
			assertThat(AopUtils.isAopProxy(limited)).isTrue();
			limited.call();
			assertThatExceptionOfType(RateLimitExceededException.class).isThrownBy(limited::call);
		};
	}

	private static ContextConsumer<AssertableApplicationContext> startUpFails(
			Consumer<InvalidRateLimitedException> failure) {
		return (context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(InvalidRateLimitedException.class);
			failure.accept((InvalidRateLimitedException) context.getStartupFailure());
		};
	}

	/** Public, so that a proxy made in a class loader of the test's (FilteredClassLoader) can subclass it. */
	public static class Limited {

		@RateLimited(limit = "known")
		public void call() {
		}

	}

	interface Api {

		void call();

	}

	static final class FinalImplementation implements Api {

		@Override
		@RateLimited(limit = "known")
		public void call() {
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAspectJAutoProxy
	static class OwnAutoProxying {

	}

}
