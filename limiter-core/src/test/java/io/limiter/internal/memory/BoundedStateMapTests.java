package io.limiter.internal.memory;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BoundedStateMapTests {

	@Test
	void neverHoldsMoreThanItsMaximum() {
		BoundedStateMap<Idle> map = new BoundedStateMap<>(1000);
		for (int i = 0; i < 1_000_000; i++) {
			map.get("key-" + i, (key) -> new Idle(false), 0);
			assertThat(map.size()).isLessThanOrEqualTo(1001);
		}
		assertThat(map.size()).isLessThanOrEqualTo(1000);
	}

	@Test
	void dropsIdleEntriesFirst() {
		BoundedStateMap<Idle> map = new BoundedStateMap<>(10);
		for (int i = 0; i < 5; i++) {
			map.get("busy-" + i, (key) -> new Idle(false), 0);
		}
		for (int i = 0; i < 6; i++) {
			map.get("idle-" + i, (key) -> new Idle(true), 0);
		}
		assertThat(map.asMap().keySet()).containsExactlyInAnyOrder("busy-0", "busy-1", "busy-2", "busy-3", "busy-4");
	}

	@Test
	void returnsTheSameStateForAKey() {
		BoundedStateMap<Idle> map = new BoundedStateMap<>(10);
		Idle first = map.get("k", (key) -> new Idle(false), 0);
		assertThat(map.get("k", (key) -> new Idle(false), 0)).isSameAs(first);
		assertThat(map.getIfPresent("k")).isSameAs(first);
		assertThat(map.getIfPresent("other")).isNull();
	}

	@Test
	void rejectsAMaximumBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BoundedStateMap<Idle>(0))
			.withMessage("maximumSize must be at least 1 but was 0");
	}

	private record Idle(boolean idle) implements IdleAware {

		@Override
		public boolean isIdle(long nowMillis) {
			return this.idle;
		}

	}

}
