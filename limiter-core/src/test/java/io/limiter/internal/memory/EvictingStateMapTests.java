package io.limiter.internal.memory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.internal.algorithm.KeyState;
import io.limiter.internal.algorithm.LimitAlgorithm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class EvictingStateMapTests {

	private static final long NOW = 1_700_000_000_000L;

	private final AtomicLong looks = new AtomicLong();

	private final List<EvictionCost> evicted = new ArrayList<>();

	@Test
	void neverHoldsMoreThanItsMaximumAndAlwaysHasRoomForANewKey() {
		EvictingStateMap<State> map = new EvictingStateMap<>(1000, this.evicted::add);
		for (int i = 0; i < 1_000_000; i++) {
			long cost = i % 3;
			String key = "key-" + i;
			assertThat(map.get(key, (ignored) -> new State(cost), NOW)).isSameAs(map.getIfPresent(key));
			assertThat(map.size()).isLessThanOrEqualTo(1000);
		}
		assertThat(this.evicted).as("states evicted while they mattered").isNotEmpty()
			.allMatch((cost) -> !cost.isNothing());
	}

	@Test
	void evictsTheCheapestStatesFirstAndDropsIdleOnesForFree() {
		EvictingStateMap<State> map = new EvictingStateMap<>(10, this.evicted::add);
		List<State> kept = new ArrayList<>();
		for (long cost : new long[] { 7, 3, 9, 1, 10, 5, 0, 8, 4, 6 }) {
			kept.add(map.get("key-" + cost, (ignored) -> new State(cost), NOW));
		}
		for (int i = 0; i < 4; i++) {
			map.get("new-" + i, (ignored) -> new State(100), NOW);
		}
		assertThat(this.evicted).extracting(EvictionCost::permits).containsExactly(1L, 3L, 4L);
		assertThat(map.getIfPresent("key-0")).as("the idle state, dropped").isNull();
		assertThat(kept.get(6).retired).isTrue();
		for (long cost : new long[] { 5, 6, 7, 8, 9, 10 }) {
			assertThat(map.getIfPresent("key-" + cost)).as("costing %d", cost).isNotNull();
		}
		assertThat(kept).filteredOn((state) -> state.retired).hasSize(4);
	}

	@Test
	void aListedStateThatCostsMoreThanTheListsCostliestDidIsKept() {
		EvictingStateMap<State> map = new EvictingStateMap<>(20, this.evicted::add);
		List<State> states = new ArrayList<>();
		for (int i = 1; i <= 20; i++) {
			long cost = i;
			states.add(map.get("key-" + i, (ignored) -> new State(cost), NOW));
		}
		map.get("new-0", (ignored) -> new State(100), NOW);
		assertThat(map.getIfPresent("key-1")).as("listed with key-2, cheapest").isNull();
		states.get(1).cost = 50;
		map.get("new-1", (ignored) -> new State(100), NOW);
		assertThat(map.getIfPresent("key-2")).as("took permits since it was listed").isSameAs(states.get(1));
		assertThat(map.getIfPresent("key-3")).as("the cheapest of the next ranking").isNull();
		assertThat(this.evicted).extracting(EvictionCost::permits).containsExactly(1L, 3L);
	}

	@Test
	void ranksAFullMapOncePerTenthOfItsMaximumOfNewKeys() {
		EvictingStateMap<State> map = new EvictingStateMap<>(100, this.evicted::add);
		for (int i = 0; i < 100; i++) {
			map.get("busy-" + i, (ignored) -> new State(5), NOW);
		}
		this.looks.set(0);
		for (int i = 0; i < 10_000; i++) {
			map.get("new-" + i, (ignored) -> new State(5), NOW);
		}
		assertThat(this.evicted).hasSize(10_000);
		assertThat(this.looks.get()).as("states looked at by ranking passes (each looks twice)")
			.isLessThanOrEqualTo((10_000 / 10 + 1) * 100 * 2);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void concurrentNewKeysKeepTheSizeBoundedAndNoStateChangesOnceEvicted(Algorithm algorithm) throws Exception {
		Limit limit = Limit.of(algorithm, 3, Duration.ofHours(1));
		AtomicLong evictedPermits = new AtomicLong();
		EvictingStateMap<KeyState> map = new EvictingStateMap<>(8,
				(cost) -> evictedPermits.addAndGet(cost.permits()));
		Set<KeyState> used = ConcurrentHashMap.newKeySet();
		AtomicLong grants = new AtomicLong();
		AtomicInteger largestSize = new AtomicInteger();
		List<Thread> threads = new ArrayList<>();
		for (int t = 0; t < 4; t++) {
			Random random = new Random(t);
			Thread worker = new Thread(() -> {
				for (int i = 0; i < 20_000; i++) {
					String key = "k" + random.nextInt(40);
					Decision decision = null;
					while (decision == null) {
						KeyState state = map.get(key, (ignored) -> LimitAlgorithm.of(algorithm).newState(limit), NOW);
						used.add(state);
						decision = state.decide(NOW, 1, 0);
					}
					grants.addAndGet(decision.isAllowed() ? 1 : 0);
					largestSize.accumulateAndGet(map.size(), Math::max);
				}
			});
			worker.start();
			threads.add(worker);
		}
		for (Thread thread : threads) {
			thread.join();
		}
		assertThat(largestSize.get()).as("the most entries seen").isLessThanOrEqualTo(8);
		long keptPermits = 0;
		Set<KeyState> kept = Collections.newSetFromMap(new IdentityHashMap<>());
		for (int key = 0; key < 40; key++) {
			KeyState state = map.getIfPresent("k" + key);
			if (state != null) {
				keptPermits += state.evictionCost(NOW).permits();
				kept.add(state);
			}
		}
		assertThat(evictedPermits.get() + keptPermits)
			.as("permits owed when evicted plus owed by the kept states: every grant, none made after an eviction")
			.isEqualTo(grants.get());
		assertThat(evictedPermits.get()).isPositive();
		assertThat(used).filteredOn((state) -> !kept.contains(state))
			.as("states no longer kept: retired, they decide nothing")
			.allMatch((state) -> state.decide(NOW, 0, 0) == null);
	}

	@Test
	void rejectsAMaximumBelowOne() {
		assertThatIllegalArgumentException().isThrownBy(() -> new EvictingStateMap<State>(0, this.evicted::add))
			.withMessage("maximumSize must be at least 1 but was 0");
	}

	/** A state that costs what the test sets, idle at a cost of 0. */
	private final class State implements Evictable {

		private volatile long cost;

		private boolean retired;

		State(long cost) {
			this.cost = cost;
		}

		@Override
		public boolean isIdle(long nowMillis) {
			EvictingStateMapTests.this.looks.incrementAndGet();
			return this.cost == 0;
		}

		@Override
		public synchronized boolean retireIfIdle(long nowMillis) {
			if (this.retired || !isIdle(nowMillis)) {
				return false;
			}
			this.retired = true;
			return true;
		}

		@Override
		public EvictionCost evictionCost(long nowMillis) {
			EvictingStateMapTests.this.looks.incrementAndGet();
			return new EvictionCost(this.cost, 0);
		}

		@Override
		public synchronized EvictionCost retireIfCostsAtMost(long nowMillis, EvictionCost bound) {
			EvictionCost now = new EvictionCost(this.cost, 0);
			if (this.retired || now.compareTo(bound) > 0) {
				return null;
			}
			this.retired = true;
			return now;
		}

	}

}
