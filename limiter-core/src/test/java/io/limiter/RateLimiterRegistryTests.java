package io.limiter;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.limiter.contract.ManualClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link RateLimiterRegistry} on the in-memory backend: look-ups, updates that keep each key's state, and the
 * costs that bound an update's capacity.
 */
class RateLimiterRegistryTests {

	private static final Duration HOUR = Duration.ofHours(1);

	private final ManualClock clock = new ManualClock();

	private final RateLimiterRegistry registry = new RateLimiterRegistry(
			InMemoryBackend.builder().clock(this.clock).build(),
			Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR)));

	@Test
	void unknownLimitIsReportedWithTheKnownOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.limiter("nope"))
			.withMessage("no limit named 'nope'; the limits are [api]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.update("nope", Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR)));
	}

	@Test
	void aLimitIsDefinedOnDemandAndTheSameDefinitionGivesTheSameLimiter() {
		RateLimiterRegistry registry = new RateLimiterRegistry(InMemoryBackend.builder().clock(this.clock).build(),
				Map.of());
		Limit limit = Limit.of(Algorithm.GCRA, 5, HOUR);
		RateLimiter created = registry.limiter("orders", limit);
		assertThat(registry.limiter("orders", Limit.of(Algorithm.GCRA, 5, HOUR))).isSameAs(created);
		assertThat(registry.limiter("orders")).isSameAs(created);
		assertThat(registry.names()).containsExactly("orders");
		LimiterOptions noTier = LimiterOptions.builder().localTier(LocalTier.none()).build();
		assertThat(registry.limiter("payments", limit, noTier)).isSameAs(registry.limiter("payments"));
		assertThat(registry.options("payments")).isEqualTo(noTier);
		assertThat(registry.names()).containsExactly("orders", "payments");
	}

	@Test
	void aSecondDifferentDefinitionIsRefusedNamingTheLimitAndBothDefinitions() {
		Limit other = Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.limiter("api", other))
			.withMessage("limit 'api' is defined as token-bucket(10 per PT1H) with " + LimiterOptions.defaults()
					+ ", so it cannot be defined as token-bucket(20 per PT1H) with " + LimiterOptions.defaults()
					+ ": a limit has one definition, changed by update(name, limit)");
		LimiterOptions noTier = LimiterOptions.builder().localTier(LocalTier.none()).build();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.limiter("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR), noTier))
			.withMessageContaining("limit 'api'")
			.withMessageContaining(noTier.toString());
		this.registry.update("api", other);
		assertThat(this.registry.limiter("api", other)).as("the definition after an update")
			.isSameAs(this.registry.limiter("api"));
	}

	@Test
	void anUpdateThroughTheRegistryHandsOutTheNewNumbersAndKeepsTheCapacityCheck() {
		RateLimiter before = this.registry.limiter("api");
		this.registry.requireCapacity("api", 4, "a filter rule");
		this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 6, HOUR));
		assertThat(this.registry.limiter("api")).isNotSameAs(before);
		assertThat(this.registry.limiter("api").limit().capacity()).isEqualTo(6);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 3, HOUR)))
			.withMessage("limit 'api' cannot have capacity 3: a filter rule takes 4 permits per request");
		assertThat(this.registry.limiter("api").limit().capacity()).isEqualTo(6);
	}

	@Test
	void everyUnknownNameIsRefusedNamingItAndTheKnownOnes() {
		LimiterBackend backend = this.registry.backend();
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RateLimiterRegistry(backend, Map.of("known", limit),
					Map.of("knwon", LimiterOptions.defaults())))
			.withMessage("options are given for limit 'knwon', which does not exist; the limits are [known]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RateLimiterRegistry(backend, Map.of("known", limit),
					Map.of("knwon", Map.of("gold", limit)), Map.of()))
			.withMessage("plans are given for limit 'knwon', which does not exist; the limits are [known]");
		String known = "; the limits are [api]";
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.options("apj"))
			.withMessage("no limit named 'apj'" + known);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.plans("apj"))
			.withMessage("no limit named 'apj'" + known);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.requireCapacity("apj", 1, "a method"))
			.withMessage("no limit named 'apj'" + known);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.update(Map.of("apj", Map.of("default", limit))))
			.withMessage("no limit named 'apj'" + known);
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.update("api", "gold", limit))
			.withMessage("limit 'api' has no plan named 'gold'; its plans are [default]");
	}

	@Test
	void theBackendRefusesAnotherSettingOfARegisteredLimitAndTakesTheRegistrysUpdate() {
		LimiterBackend backend = this.registry.backend();
		Limit other = Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR);
		assertThatIllegalArgumentException().isThrownBy(() -> backend.limiter("api", other))
			.withMessageStartingWith("limit 'api' is token-bucket(10 per PT1H) on this backend and cannot also be "
					+ "token-bucket(20 per PT1H)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RateLimiterRegistry(backend, Map.of("api", other)))
			.withMessageContaining("limit 'api' is token-bucket(10 per PT1H)");
		this.registry.update("api", other);
		assertThat(backend.limiter("api", other).limit()).isEqualTo(other);
	}

	@Test
	void updateWithTheSameLimitKeepsTheLimiter() {
		RateLimiter before = this.registry.limiter("api");
		assertThat(this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR))).isSameAs(before);
	}

	@Test
	void updateChangesTheLimitAndKeepsTheRemainingPermitsOfEachKey() {
		this.registry.limiter("api").tryAcquire("busy", 8);
		Limit smaller = Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR);
		RateLimiter updated = this.registry.update("api", smaller);
		assertThat(this.registry.limiter("api")).isSameAs(updated);
		assertThat(updated.limit()).isEqualTo(smaller);
		assertThat(updated.tryAcquire("busy", 0).remaining()).isEqualTo(2);
		assertThat(updated.tryAcquire("busy", 2).isAllowed()).isTrue();
		assertThat(updated.tryAcquire("busy").isAllowed()).isFalse();
		assertThat(updated.tryAcquire("idle", 0).remaining()).isEqualTo(5);
	}

	@Test
	void largerLimitDoesNotRefillAKeyAndUpdatesChain() {
		this.registry.limiter("api").tryAcquire("busy", 9);
		this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
		RateLimiter larger = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR));
		assertThat(larger.tryAcquire("busy", 0).remaining()).isEqualTo(1);
		assertThat(larger.tryAcquire("fresh", 0).remaining()).isEqualTo(20);
	}

	@Test
	void aKeyKeepsItsStateAcrossAChangedPeriodAndAnUpdateBack() {
		this.registry.limiter("api").tryAcquire("busy", 10);
		RateLimiter twice = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR.multipliedBy(2)));
		assertThat(twice.tryAcquire("busy").isAllowed()).isFalse();
		this.clock.advance(HOUR.toMillis());
		RateLimiter back = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR));
		assertThat(back.tryAcquire("busy", 0).remaining()).as("an hour of refill at 10 per hour").isEqualTo(10);
		assertThat(this.registry.update("api", Limit.of(Algorithm.GCRA, 10, HOUR)).tryAcquire("busy", 10).isAllowed())
			.as("another algorithm starts afresh").isTrue();
	}

	@Test
	void anUpdateNeverLowersTheCapacityBelowACostInUse() {
		this.registry.requireCapacity("api", 4, "filter rule limiter.filter.rules[0]");
		this.registry.requireCapacity("api", 2, "a method");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 3, HOUR)))
			.withMessage("limit 'api' cannot have capacity 3: filter rule limiter.filter.rules[0] takes 4 permits per "
					+ "request");
		assertThat(this.registry.limiter("api").limit().capacity()).isEqualTo(10);
		RateLimiter four = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 4, HOUR));
		assertThat(four.tryAcquire("k", 4).isAllowed()).isTrue();
	}

	@Test
	void aCostAboveTheCapacityIsRefusedNamingTheUser() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.requireCapacity("api", 11, "QuoteService.quote"))
			.withMessage("QuoteService.quote takes 11 permits, more than the capacity 10 of limit 'api'");
	}

	@Test
	void nothingIsCarriedOverOnceTheOldStateCannotMatter() {
		this.registry.limiter("api").tryAcquire("busy", 10);
		RateLimiter updated = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
		this.clock.advance(HOUR.multipliedBy(2).toMillis());
		assertThat(updated.tryAcquire("busy", 0).remaining()).isEqualTo(5);
	}

	@Test
	void plansShareEachKeysStateAndUpdatesOfOnePlanKeepTheOthers() {
		RateLimiterRegistry plans = new RateLimiterRegistry(InMemoryBackend.builder().clock(this.clock).build(),
				Map.of("api", Limit.of(Algorithm.FIXED_WINDOW, 2, HOUR)),
				Map.of("api", Map.of("gold", Limit.of(Algorithm.FIXED_WINDOW, 5, HOUR))), Map.of());
		assertThat(plans.plans("api")).containsExactly("default", "gold");
		plans.limiter("api").tryAcquire("moving", 2);
		assertThat(plans.limiter("api", "gold").tryAcquire("moving", 0).remaining()).isEqualTo(3);
		RateLimiter gold = plans.limiter("api", "gold");
		RateLimiter bigger = plans.update("api", "gold", Limit.of(Algorithm.FIXED_WINDOW, 10, HOUR));
		assertThat(bigger.tryAcquire("moving", 0).remaining()).isEqualTo(8);
		assertThat(plans.limiter("api", "gold")).isSameAs(bigger).isNotSameAs(gold);
		assertThat(plans.limiter("api").limit().capacity()).isEqualTo(2);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> plans.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 2, HOUR)))
			.withMessageContaining("must share one algorithm");
		assertThatIllegalArgumentException().isThrownBy(() -> plans.limiter("api", "platinum"))
			.withMessage("limit 'api' has no plan named 'platinum'; its plans are [default, gold]");
	}

	@Test
	void aCostMustFitEveryPlan() {
		RateLimiterRegistry plans = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR)),
				Map.of("api", Map.of("trial", Limit.of(Algorithm.TOKEN_BUCKET, 2, HOUR))), Map.of());
		assertThatIllegalArgumentException().isThrownBy(() -> plans.requireCapacity("api", 3, "rule"))
			.withMessage("rule takes 3 permits, more than the capacity 2 of limit 'api' (plan 'trial')");
		plans.requireCapacity("api", 2, "rule");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> plans.update("api", "trial", Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR)))
			.withMessage("limit 'api' (plan 'trial') cannot have capacity 1: rule takes 2 permits per request");
	}

	@Test
	void aBatchOfChangesIsRefusedWholeWhenOneChangeIsRefused() {
		RateLimiterRegistry two = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR), "web", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR)));
		two.requireCapacity("web", 3, "rule");
		RateLimiter api = two.limiter("api");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> two.update(Map.of("api", Map.of("default", Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR)),
					"web", Map.of("default", Limit.of(Algorithm.TOKEN_BUCKET, 2, HOUR)))))
			.withMessage("limit 'web' cannot have capacity 2: rule takes 3 permits per request");
		assertThat(two.limiter("api")).as("the valid change of the batch is not applied").isSameAs(api);
		two.update(Map.of("api", Map.of("default", Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR)),
				"web", Map.of("default", Limit.of(Algorithm.TOKEN_BUCKET, 3, HOUR))));
		assertThat(two.limiter("api").limit().capacity()).isEqualTo(20);
		assertThat(two.limiter("web").limit().capacity()).isEqualTo(3);
	}

	@Test
	void thePlansOfALimitChangeTheirAlgorithmTogetherOrNotAtAll() {
		RateLimiterRegistry plans = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("api", Limit.of(Algorithm.FIXED_WINDOW, 2, HOUR)),
				Map.of("api", Map.of("gold", Limit.of(Algorithm.FIXED_WINDOW, 5, HOUR))), Map.of());
		assertThatIllegalArgumentException()
			.isThrownBy(() -> plans.update(Map.of("api", Map.of("default", Limit.of(Algorithm.GCRA, 2, HOUR)))))
			.withMessage("the plans of limit 'api' must share one algorithm, since they share the state of every key;"
					+ " with the changes they would have {default=gcra, gold=fixed-window}");
		assertThat(plans.limiter("api").limit().algorithm()).isEqualTo(Algorithm.FIXED_WINDOW);
		plans.update(Map.of("api", Map.of("default", Limit.of(Algorithm.GCRA, 2, HOUR), "gold",
				Limit.of(Algorithm.GCRA, 5, HOUR))));
		assertThat(plans.limiter("api", "gold").limit().algorithm()).isEqualTo(Algorithm.GCRA);
		assertThat(plans.limiter("api").tryAcquire("k", 2).isAllowed()).isTrue();
	}

	@Test
	void plansMustBelongToALimitAndNotBeNamedDefault() {
		InMemoryBackend backend = InMemoryBackend.builder().build();
		Map<String, Limit> limits = Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RateLimiterRegistry(backend, limits,
					Map.of("nope", Map.of("gold", Limit.of(Algorithm.TOKEN_BUCKET, 9, HOUR))), Map.of()))
			.withMessage("plans are given for limit 'nope', which does not exist; the limits are [api]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RateLimiterRegistry(backend, limits,
					Map.of("api", Map.of("default", Limit.of(Algorithm.TOKEN_BUCKET, 9, HOUR))), Map.of()))
			.withMessageStartingWith("limit 'api' cannot have a plan named 'default'");
	}

}
