package io.limiter.spring.internal.metrics;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link PlanNames#of} tells the plan of a registry's limiter from its settings, for the {@code plan} tag.
 */
class PlanNamesTests {

	private static final Duration HOUR = Duration.ofHours(1);

	private final RateLimiterRegistry registry = new RateLimiterRegistry(InMemoryBackend.builder().build(),
			Map.of("api", Limit.of(Algorithm.GCRA, 2, HOUR), "single", Limit.of(Algorithm.GCRA, 2, HOUR)),
			Map.of("api", Map.of("gold", Limit.of(Algorithm.GCRA, 5, HOUR))), Map.of("api", LimiterOptions.defaults()));

	private final PlanNames plans = PlanNames.of(() -> this.registry);

	@Test
	void aPlansLimiterIsNamedByItsPlan() {
		assertThat(this.plans.planOf("api", this.registry.limiter("api", "gold").limit())).isEqualTo("gold");
		assertThat(this.plans.planOf("api", this.registry.limiter("api").limit())).isEqualTo("default");
		assertThat(this.plans.planOf("single", this.registry.limiter("single").limit())).isEqualTo("default");
	}

	@Test
	void aLimiterTheRegistryDoesNotHoldIsOfTheDefaultPlan() {
		Limit replaced = this.registry.limiter("api", "gold").limit();
		this.registry.update("api", "gold", Limit.of(Algorithm.GCRA, 6, HOUR));
		assertThat(this.plans.planOf("api", replaced)).as("replaced by an update").isEqualTo("default");
		assertThat(this.plans.planOf("api", this.registry.limiter("api", "gold").limit())).isEqualTo("gold");
		assertThat(this.plans.planOf("unknown", replaced)).isEqualTo("default");
	}

}
