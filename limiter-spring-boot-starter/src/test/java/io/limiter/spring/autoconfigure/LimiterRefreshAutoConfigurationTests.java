package io.limiter.spring.autoconfigure;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import io.limiter.Algorithm;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.LimitsChangedEvent;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LimiterRefreshAutoConfiguration}: Limiter's event always, Spring Cloud's where spring-cloud-context is
 * there; the plans of a limit change with it, together, and plans added or removed need a restart.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterRefreshAutoConfigurationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterRefreshAutoConfiguration.class))
		.withPropertyValues("limiter.limits.api.capacity=2", "limiter.limits.api.period=1h");

	@Test
	void limitersOwnEventAndSpringCloudsEachRefreshTheLimits() {
		this.runner.run((context) -> {
			assertThat(context).hasBean("limiterLimitsChangedListener").hasBean("limiterEnvironmentChangeListener");
			change(context, Map.of("limiter.limits.api.capacity", "3"));
			context.publishEvent(new LimitsChangedEvent(this));
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("api").limit().capacity()).isEqualTo(3);
			change(context, Map.of("limiter.limits.api.capacity", "4"));
			context.publishEvent(new EnvironmentChangeEvent(context, Set.of("limiter.limits.api.capacity")));
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("api").limit().capacity()).isEqualTo(4);
		});
	}

	@Test
	void withoutSpringCloudLimitersOwnEventRefreshesTheLimits() {
		this.runner.withClassLoader(new FilteredClassLoader(EnvironmentChangeEvent.class)).run((context) -> {
			assertThat(context).hasBean("limiterLimitsChangedListener")
				.doesNotHaveBean("limiterEnvironmentChangeListener");
			change(context, Map.of("limiter.limits.api.capacity", "3"));
			context.publishEvent(new LimitsChangedEvent(this));
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("api").limit().capacity()).isEqualTo(3);
		});
	}

	@Test
	void thePlansOfALimitChangeWithItAndPlansAddedOrRemovedNeedARestart(CapturedOutput output) {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> "gold")
			.withInitializer((context) -> change(context,
					Map.of("limiter.limits.api.plans.gold.capacity", "5", "limiter.limits.api.plans.trial.capacity", "1")))
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				change(context, Map.of("limiter.limits.api.algorithm", "fixed-window",
						"limiter.limits.api.plans.gold.capacity", "6", "limiter.limits.api.plans.trial.capacity", "1"));
				context.publishEvent(new LimitsChangedEvent(this));
				assertThat(registry.limiter("api", "gold").limit().capacity()).isEqualTo(6);
				assertThat(registry.limiter("api", "gold").limit().algorithm()).isEqualTo(Algorithm.FIXED_WINDOW);
				assertThat(registry.limiter("api", "trial").limit().algorithm()).isEqualTo(Algorithm.FIXED_WINDOW);
				assertThat(output).doesNotContain("needs a restart");
				change(context, Map.of("limiter.limits.api.algorithm", "fixed-window",
						"limiter.limits.api.plans.gold.capacity", "7", "limiter.limits.api.plans.platinum.capacity", "9"));
				context.publishEvent(new LimitsChangedEvent(this));
				assertThat(registry.plans("api")).containsExactlyInAnyOrder("default", "gold", "trial");
				assertThat(registry.limiter("api", "gold").limit().capacity()).isEqualTo(7);
				assertThat(output).contains("Limiter cannot apply limiter.limits.api.plans.platinum.capacity,"
						+ " limiter.limits.api.plans.trial.capacity while the application runs: a change of these"
						+ " needs a restart");
			});
	}

	private static void change(ConfigurableApplicationContext context, Map<String, Object> properties) {
		context.getEnvironment().getPropertySources().remove("changed");
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("changed", properties));
	}

}
