package io.limiter.spring.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter beside other libraries and the application's own beans: its bean names say Limiter, so a bean of
 * another library's name and type does not clash with ours, and every {@link LimiterObserver} bean hears every
 * decision, in its order, beside the starter's meters.
 */
class LimiterGoodNeighbourTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterMetricsAutoConfiguration.class))
		.withPropertyValues("limiter.limits.hello.capacity=1", "limiter.limits.hello.period=1h");

	@Test
	void theRegistryIsNamedForLimiterAndABeanOfResilience4jsNameAndAnotherTypeStarts() {
		this.runner.withBean("rateLimiterRegistry", AnotherLibrarysRegistry.class, AnotherLibrarysRegistry::new)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).getBean("limiterRegistry").isInstanceOf(RateLimiterRegistry.class);
				assertThat(context).getBean("rateLimiterRegistry").isInstanceOf(AnotherLibrarysRegistry.class);
				assertThat(context).hasBean("limiterBackend").hasBean("limiterEnforcers");
			});
	}

	@Test
	void everyObserverBeanHearsEveryDecisionInItsOrderBesideTheMeters() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withUserConfiguration(TwoObservers.class)
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				registry.limiter("hello").tryAcquire("k");
				registry.limiter("hello").tryAcquire("k");
				Heard heard = context.getBean(Heard.class);
				assertThat(heard.events).containsExactly("first allowed", "second allowed", "first denied",
						"second denied");
				assertThat(context).getBean("limiterMetricsObserver").isInstanceOf(MicrometerLimiterObserver.class);
				MeterRegistry meters = context.getBean(MeterRegistry.class);
				for (String outcome : new String[] { "allowed", "denied" }) {
					assertThat(meters.get(MicrometerLimiterObserver.DECISIONS)
						.tag("limit", "hello")
						.tag("outcome", outcome)
						.counter()
						.count()).as(outcome).isEqualTo(1);
				}
			});
	}

	@Test
	void oneObserverBeanIsHeardWithoutMeters() {
		this.runner.withUserConfiguration(TwoObservers.class)
			.run((context) -> {
				context.getBean(RateLimiterRegistry.class).limiter("hello").tryAcquire("k");
				assertThat(context.getBean(Heard.class).events).containsExactly("first allowed", "second allowed");
				assertThat(context).doesNotHaveBean(MicrometerLimiterObserver.class);
			});
	}

	/** Stands in for Resilience4j's {@code RateLimiterRegistry}, whose bean is named {@code rateLimiterRegistry}. */
	static final class AnotherLibrarysRegistry {

	}

	/** What the application's observers heard, in order. */
	static final class Heard {

		final List<String> events = new CopyOnWriteArrayList<>();

		LimiterObserver observer(String name) {
			return new LimiterObserver() {

				@Override
				public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
					Heard.this.events.add(name + " " + (decision.isAllowed() ? "allowed" : "denied"));
				}

			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoObservers {

		@Bean
		Heard heard() {
			return new Heard();
		}

		@Bean
		@Order(2)
		LimiterObserver secondObserver(Heard heard) {
			return heard.observer("second");
		}

		@Bean
		@Order(1)
		LimiterObserver firstObserver(Heard heard) {
			return heard.observer("first");
		}

	}

}
