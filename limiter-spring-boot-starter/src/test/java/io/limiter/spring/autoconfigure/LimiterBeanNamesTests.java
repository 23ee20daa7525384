package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.runner.AbstractApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every bean that the starter's auto-configurations define, with every one of them on (metrics, health, endpoint,
 * outbound, the gateway on Spring MVC, refresh), and every servlet filter it registers, is named with the
 * {@code limiter} prefix, on a servlet and on a reactive application: an application's bean or another library's of
 * the same purpose does not clash with one of ours. The gateway on WebFlux is not on this execution's class path; the
 * names of its beans are checked by {@code LimiterGatewayAutoConfigurationTests}.
 */
class LimiterBeanNamesTests {

	private static final String[] PROPERTIES = { "limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s",
			"limiter.concurrency.exports.max-in-flight=2", "limiter.filter.rules[0].limit=hello",
			"limiter.filter.rules[1].limit=exports", "limiter.outbound.rules[0].hosts=api.partner.com",
			"limiter.outbound.rules[0].limit=hello", "management.endpoints.web.exposure.include=*" };

	@Test
	void everyBeanAndFilterOfTheStarterIsNamedForLimiterOnAServletApplication() {
		run(new WebApplicationContextRunner(), (context) -> {
			assertThat(starterBeanNames(context)).contains("limiterFilterRegistration",
					"limiterConcurrencyFilterRegistration", "limiterMetricsObserver", "limiterHealthIndicator",
					"limitersEndpoint", "limiterOutboundRoutes", "limiterRestClientCustomizer");
			assertThat(context.getBeanProvider(FilterRegistrationBean.class).stream().map((bean) -> bean.getFilterName()))
				.containsExactlyInAnyOrder("limiterRateLimitFilter", "limiterConcurrencyLimitFilter");
		});
	}

	@Test
	void everyBeanOfTheStarterIsNamedForLimiterOnAReactiveApplication() {
		run(new ReactiveWebApplicationContextRunner(), (context) -> assertThat(starterBeanNames(context))
			.contains("limiterWebFilter", "limiterConcurrencyWebFilter", "limiterMetricsObserver",
					"limiterWebClientCustomizer"));
	}

	private static <S extends AbstractApplicationContextRunner<S, C, A>, C extends ConfigurableApplicationContext, A extends ApplicationContextAssertProvider<C>> void run(
			AbstractApplicationContextRunner<S, C, A> runner, Consumer<ConfigurableApplicationContext> check) {
		Class<?>[] limiter = ImportCandidates.load(AutoConfiguration.class, LimiterBeanNamesTests.class.getClassLoader())
			.getCandidates()
			.stream()
			.filter((candidate) -> candidate.startsWith("io.limiter."))
			.filter((candidate) -> !candidate.equals(LimiterGatewayAutoConfiguration.class.getName()))
			.map(LimiterBeanNamesTests::load)
			.toArray(Class<?>[]::new);
		assertThat(limiter).hasSizeGreaterThan(9);
		runner.withConfiguration(AutoConfigurations.of(AopAutoConfiguration.class))
			.withConfiguration(AutoConfigurations.of(limiter))
			.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues(PROPERTIES)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(starterBeanNames(context.getSourceApplicationContext()))
					.allSatisfy((name) -> assertThat(name).startsWith("limiter"));
				check.accept(context.getSourceApplicationContext());
			});
	}

	/**
	 * The names of the beans that a class of the starter defines, by a {@code @Bean} method or by registration (such
	 * as its properties), not of the configuration classes themselves, which Spring names by their class.
	 */
	private static List<String> starterBeanNames(ConfigurableApplicationContext context) {
		ConfigurableListableBeanFactory beans = context.getBeanFactory();
		List<String> names = new ArrayList<>();
		for (String name : beans.getBeanDefinitionNames()) {
			BeanDefinition definition = beans.getBeanDefinition(name);
			String factory = definition.getFactoryBeanName();
			String definedBy = (factory != null) ? beans.getBeanDefinition(factory).getBeanClassName()
					: definition.getBeanClassName();
			if (definedBy != null && definedBy.startsWith("io.limiter.spring") && !name.equals(definedBy)) {
				names.add(name);
			}
		}
		return names;
	}

	private static Class<?> load(String name) {
		try {
			return Class.forName(name);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
