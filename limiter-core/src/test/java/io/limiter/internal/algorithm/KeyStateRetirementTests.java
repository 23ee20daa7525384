package io.limiter.internal.algorithm;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.AdminOperation;
import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.memory.BoundedStateMap;
import io.limiter.internal.memory.EvictingStateMap;
import io.limiter.internal.memory.EvictionCost;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request that still holds a state which a sweep dropped, a full map evicted or a changed limit moved, grants
 * nothing on it: it looks the key up again, so a key never has two states at once.
 */
class KeyStateRetirementTests {

	private static final long NOW = 1_700_000_000_000L;

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aRequestHoldingASweptStateLooksTheKeyUpAgain(Algorithm algorithm) {
		BoundedStateMap<KeyState> map = new BoundedStateMap<>(1);
		KeyState held = newState(map, "victim", algorithm);
		assertThat(newState(map, "other", algorithm)).as("room made by sweeping the idle victim").isNotNull();
		assertThat(map.getIfPresent("victim")).isNull();
		assertThat(held.decide(NOW, 1, 0)).as("a decision on the swept state").isNull();
		assertThat(held.retireIfIdle(NOW)).isFalse();
		assertThat(held.moveTo(Limit.of(algorithm, 4, Duration.ofHours(1)))).isNull();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aStateThatOwesIsNeitherRetiredNorDropped(Algorithm algorithm) {
		BoundedStateMap<KeyState> map = new BoundedStateMap<>(1);
		KeyState victim = newState(map, "victim", algorithm);
		assertThat(victim.decide(NOW, 3, 0).isAllowed()).isTrue();
		assertThat(newState(map, "other", algorithm)).isNull();
		assertThat(map.getIfPresent("victim")).isSameAs(victim);
		assertThat(victim.retireIfIdle(NOW)).isFalse();
		assertThat(victim.decide(NOW, 1, 0).isAllowed()).isFalse();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aRequestHoldingAnEvictedStateLooksTheKeyUpAgain(Algorithm algorithm) {
		EvictingStateMap<KeyState> map = new EvictingStateMap<>(1, (cost) -> {
		});
		Limit limit = Limit.of(algorithm, 3, Duration.ofHours(1));
		KeyState held = map.get("victim", (ignored) -> LimitAlgorithm.of(algorithm).newState(limit), NOW);
		assertThat(held.decide(NOW, 1, 0).isAllowed()).isTrue();
		assertThat(map.get("other", (ignored) -> LimitAlgorithm.of(algorithm).newState(limit), NOW))
			.as("room made by evicting the victim, which still owes").isNotNull();
		assertThat(map.getIfPresent("victim")).isNull();
		assertThat(held.decide(NOW, 1, 0)).as("a grant on the evicted state").isNull();
		assertThat(held.adjust(NOW, AdminOperation.ADD_PERMITS, 1)).isFalse();
		assertThat(held.retireIfCostsAtMost(NOW, new EvictionCost(Long.MAX_VALUE, Long.MAX_VALUE))).isNull();
		assertThat(held.moveTo(Limit.of(algorithm, 4, Duration.ofHours(1)))).isNull();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aStateCostsNothingToEvictExactlyWhenItIsIdle(Algorithm algorithm) {
		Duration hour = Duration.ofHours(1);
		for (Limit limit : List.of(Limit.of(algorithm, 3, hour),
				Limit.builder(algorithm).rate(3, hour).rate(5, hour.multipliedBy(2)).build())) {
			KeyState state = LimitAlgorithm.of(algorithm).newState(limit);
			assertThat(state.evictionCost(NOW).isNothing()).isTrue();
			assertThat(state.decide(NOW, 2, 0).isAllowed()).isTrue();
			for (long at = NOW; at < NOW + 5 * hour.toMillis(); at += 60_000) {
				assertThat(state.evictionCost(at).isNothing()).as("%s at %d ms", limit, at - NOW)
					.isEqualTo(state.isIdle(at));
			}
		}
		KeyState state = LimitAlgorithm.of(algorithm).newState(Limit.of(algorithm, 3, hour));
		state.decide(NOW, 2, 0);
		assertThat(state.evictionCost(NOW + 1))
			.as("the permits owed, then the time until full again, as a look tells them")
			.isEqualTo(new EvictionCost(3 - state.decide(NOW + 1, 0, 0).remaining(),
					state.decide(NOW + 1, 0, 0).resetAfterMillis()));
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aMovedStateKeepsWhatItStoresUnderTheNewNumbersAndTheOldOneDecidesNoMore(Algorithm algorithm) {
		Limit before = Limit.of(algorithm, 10, Duration.ofHours(1));
		Limit after = Limit.of(algorithm, 20, Duration.ofHours(1));
		KeyState state = LimitAlgorithm.of(algorithm).newState(before);
		assertThat(state.decide(NOW, 10, 0).isAllowed()).isTrue();
		KeyState moved = state.moveTo(after);
		assertThat(state.decide(NOW, 0, 0)).as("a look, which the old state would allow").isNull();
		assertThat(state.moveTo(after)).isNull();
		assertThat(moved.limit()).isEqualTo(after);
		Decision look = moved.decide(NOW, 0, 0);
		assertThat(look.limit()).isEqualTo(20);
		assertThat(look.remaining()).as("not refilled by the larger capacity").isLessThan(20);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aStateOfSeveralRatesMovesEachRateToTheRateOfItsIndexAndTheOldOneDecidesNoMore(Algorithm algorithm) {
		Duration hour = Duration.ofHours(1);
		Limit before = Limit.builder(algorithm).rate(3, hour).rate(5, hour.multipliedBy(2)).build();
		Limit after = Limit.builder(algorithm).rate(3, hour).rate(4, hour.multipliedBy(2))
			.rate(2, hour.multipliedBy(3)).build();
		KeyState state = LimitAlgorithm.of(algorithm).newState(before);
		assertThat(state.decide(NOW, 2, 0).isAllowed()).isTrue();
		KeyState moved = state.moveTo(after);
		assertThat(state.decide(NOW, 0, 0)).as("a look on the moved state").isNull();
		assertThat(state.moveTo(after)).isNull();
		OptimisticState[] rates = ((OptimisticState) moved).storedRates();
		assertThat(rates).hasSize(3);
		assertThat(rates[0].look(NOW, 0, 0).remaining()).isEqualTo(1);
		assertThat(rates[1].look(NOW, 0, 0).remaining())
			.as("read with the new numbers as the script reads them: the token bucket keeps its tokens, GCRA the time "
					+ "until full, the windows the permits used")
			.isEqualTo((algorithm == Algorithm.TOKEN_BUCKET) ? 3 : 2);
		assertThat(rates[2].look(NOW, 0, 0).remaining()).as("a new rate starts empty").isEqualTo(2);
		assertThat(moved.decide(NOW, 0, 0))
			.isEqualTo(Decision.allowed(3, 1, moved.decide(NOW, 0, 0).resetAfterMillis()));
		assertThat(moved.moveTo(Limit.of(algorithm, 3, hour)).decide(NOW, 0, 0).remaining())
			.as("a limit of one rate keeps the first rate's state").isEqualTo(1);
	}

	/** Returns the state of a key of a limit of 3 per hour, created if there is room. */
	private static KeyState newState(BoundedStateMap<KeyState> map, String key, Algorithm algorithm) {
		Limit limit = Limit.of(algorithm, 3, Duration.ofHours(1));
		return map.get(key, (ignored) -> LimitAlgorithm.of(algorithm).newState(limit), NOW);
	}

}
