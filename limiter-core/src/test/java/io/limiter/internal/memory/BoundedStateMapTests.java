package io.limiter.internal.memory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BoundedStateMapTests {

	private final AtomicLong idleChecks = new AtomicLong();

	@Test
	void neverHoldsMoreThanItsMaximum() {
		BoundedStateMap<State> map = new BoundedStateMap<>(1000);
		for (int i = 0; i < 1_000_000; i++) {
			boolean idle = i % 2 == 0;
			map.get("key-" + i, (key) -> new State(idle), 0);
			assertThat(map.size()).isLessThanOrEqualTo(1000);
		}
	}

	@Test
	void dropsOnlyIdleEntries() {
		BoundedStateMap<State> map = new BoundedStateMap<>(10);
		List<State> busy = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			busy.add(map.get("busy-" + i, (key) -> new State(false), 0));
		}
		for (int i = 0; i < 6; i++) {
			map.get("idle-" + i, (key) -> new State(true), 0);
		}
		assertThat(map.asMap().keySet()).contains("busy-0", "busy-1", "busy-2", "busy-3", "busy-4", "idle-5")
			.hasSize(6);
		assertThat(map.asMap().values()).containsAll(busy);
		assertThat(busy).noneMatch(State::retired);
	}

	@Test
	void aMapFullOfLiveEntriesTurnsNewKeysAwayAndForgetsNone() {
		BoundedStateMap<State> map = new BoundedStateMap<>(10);
		List<State> busy = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			busy.add(map.get("busy-" + i, (key) -> new State(false), 0));
		}
		for (int i = 0; i < 1000; i++) {
			assertThat(map.get("new-" + i, (key) -> new State(false), 0)).isNull();
			assertThat(map.put("put-" + i, new State(false), 0)).isFalse();
		}
		assertThat(map.asMap().values()).containsExactlyInAnyOrderElementsOf(busy);
		busy.get(3).idle = true;
		for (int i = 0; i < 10 && map.getIfPresent("late") == null; i++) {
			map.get("late", (key) -> new State(false), 0);
		}
		assertThat(map.getIfPresent("late")).as("a key once a sweep is due again").isNotNull();
		assertThat(map.asMap()).doesNotContainKey("busy-3").hasSize(10);
		assertThat(busy.get(3).retired()).isTrue();
	}

	@Test
	void sweepsAMapFullOfLiveEntriesOncePerTenthOfItsSizeOfKeysTurnedAway() {
		BoundedStateMap<State> map = new BoundedStateMap<>(100);
		for (int i = 0; i < 100; i++) {
			map.get("busy-" + i, (key) -> new State(false), 0);
		}
		this.idleChecks.set(0);
		for (int i = 0; i < 10_000; i++) {
			map.get("new-" + i, (key) -> new State(false), 0);
		}
		assertThat(this.idleChecks.get()).as("entries looked at by sweeps").isLessThanOrEqualTo(10_000 / 10 * 100 + 100);
	}

	@Test
	void returnsTheSameStateForAKey() {
		BoundedStateMap<State> map = new BoundedStateMap<>(10);
		State first = map.get("k", (key) -> new State(false), 0);
		assertThat(map.get("k", (key) -> new State(false), 0)).isSameAs(first);
		assertThat(map.getIfPresent("k")).isSameAs(first);
		assertThat(map.getIfPresent("other")).isNull();
	}

	@Test
	void rejectsAMaximumBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BoundedStateMap<State>(0))
			.withMessage("maximumSize must be at least 1 but was 0");
	}

	private final class State implements IdleAware {

		private volatile boolean idle;

		private volatile boolean retired;

		State(boolean idle) {
			this.idle = idle;
		}

		boolean retired() {
			return this.retired;
		}

		@Override
		public boolean isIdle(long nowMillis) {
			BoundedStateMapTests.this.idleChecks.incrementAndGet();
			return this.idle;
		}

		@Override
		public boolean retireIfIdle(long nowMillis) {
			if (this.retired || !isIdle(nowMillis)) {
				return false;
			}
			this.retired = true;
			return true;
		}

	}

}
