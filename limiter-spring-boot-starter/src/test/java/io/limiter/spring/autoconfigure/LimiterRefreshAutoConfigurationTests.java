package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.LazyInitializationBeanFactoryPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import io.limiter.Algorithm;
import io.limiter.Decision;
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

	@Test
	void aLazyApplicationComparesWithThePropertiesItStartedWith(CapturedOutput output) {
		this.runner.withBean(LazyInitializationBeanFactoryPostProcessor.class).run((context) -> {
			change(context, Map.of("limiter.limits.api.shadow", "true"));
			context.publishEvent(new LimitsChangedEvent(this));
			assertThat(output).contains("Limiter cannot apply limiter.limits.api.shadow while the application runs");
		});
	}

	@Test
	void decisionsMadeWhileTheLimitsChangeDecideWithTheOldNumbersOrTheNew() {
		this.runner.withPropertyValues("limiter.limits.api.algorithm=fixed-window").run((context) -> {
			RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
			ExecutorService deciders = Executors.newFixedThreadPool(4);
			AtomicBoolean changing = new AtomicBoolean(true);
			List<Future<Set<Long>>> seen = new ArrayList<>();
			List<AtomicInteger> granted = new ArrayList<>();
			try {
				for (int i = 0; i < 4; i++) {
					String key = "key-" + i;
					AtomicInteger grants = new AtomicInteger();
					granted.add(grants);
					seen.add(deciders.submit(() -> {
						Set<Long> limits = new HashSet<>();
						while (changing.get()) {
							Decision decision = registry.limiter("api").tryAcquire(key);
							limits.add(decision.limit());
							grants.addAndGet(decision.isAllowed() ? 1 : 0);
						}
						return limits;
					}));
				}
				for (int i = 0; i < 40; i++) {
					change(context, Map.of("limiter.limits.api.capacity", (i % 2 == 0) ? "4" : "2"));
					context.publishEvent(new LimitsChangedEvent(this));
				}
				changing.set(false);
				for (Future<Set<Long>> limits : seen) {
					assertThat(limits.get(10, TimeUnit.SECONDS)).isSubsetOf(2L, 4L);
				}
			}
			finally {
				deciders.shutdownNow();
			}
			assertThat(granted).allSatisfy((grants) -> assertThat(grants.get()).as("at most the larger capacity")
				.isLessThanOrEqualTo(4));
		});
	}

	private static void change(ConfigurableApplicationContext context, Map<String, Object> properties) {
		context.getEnvironment().getPropertySources().remove("changed");
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("changed", properties));
	}

}
