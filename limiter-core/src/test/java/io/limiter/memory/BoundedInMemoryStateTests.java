package io.limiter.memory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.RateLimiter;
import io.limiter.contract.ManualClock;
import io.limiter.testsupport.LogCapture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bounded in-memory limit gives every new key a state of its own: when every kept key still owes, it evicts the
 * state whose loss costs least (the fewest permits owed, then the nearest to full again), which the observer counts.
 * So a flood of new keys denies no other new key, and cannot reset a key that owes more than the flood's keys do.
 */
class BoundedInMemoryStateTests {

	private static final Duration HOUR = Duration.ofHours(1);

	private static final int MAXIMUM_KEYS = 1000;

	private static final int STRANGERS = 20_000;

	private final ManualClock clock = new ManualClock();

	private final EvictionCounter evictions = new EvictionCounter();

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aMapFullOfKeysThatTookTheirPermitStillGrantsEveryNewKeyItsFirst(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(100)) {
			RateLimiter limiter = backend.limiter("hourly", Limit.of(algorithm, 1, HOUR));
			for (int i = 0; i < 100; i++) {
				assertThat(limiter.tryAcquire("early-" + i).isAllowed()).isTrue();
			}
			int newcomersAllowed = 0;
			for (int i = 0; i < 20; i++) {
				newcomersAllowed += limiter.tryAcquire("new-" + i).isAllowed() ? 1 : 0;
			}
			assertThat(newcomersAllowed).as("new keys granted their first permit").isEqualTo(20);
			assertThat(this.evictions.of("hourly")).as("states evicted while they still owed").isEqualTo(20);
		}
	}

	@Test
	void evictionsOfStatesThatStillOweAreLoggedAsAWarningAtMostEveryTenSeconds() {
		try (LogCapture log = new LogCapture(); InMemoryBackend backend = backend(100)) {
			RateLimiter limiter = backend.limiter("hourly", Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR));
			for (int i = 0; i < 150; i++) {
				limiter.tryAcquire("key-" + i);
			}
			this.clock.advance(10_000);
			limiter.tryAcquire("one-more");
			assertThat(log.lines()).filteredOn((line) -> line.contains("'hourly'")).containsExactly(
					"WARNING In-memory limit 'hourly' is full of keys that still owe (100, "
							+ "InMemoryBackend.Builder.maximumKeysPerLimit): evicted the state of the key that owed "
							+ "least, which may be granted again the 1 permit(s) it owed for the next 3600000 ms",
					"WARNING In-memory limit 'hourly' is full of keys that still owe (100, "
							+ "InMemoryBackend.Builder.maximumKeysPerLimit): evicted the state of the key that owed "
							+ "least, which may be granted again the 1 permit(s) it owed for the next 3590000 ms "
							+ "(49 similar lines not logged)");
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void theStatesEvictedAreThoseThatOweTheFewestPermits(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(10)) {
			RateLimiter limiter = backend.limiter("costs", Limit.of(algorithm, 10, HOUR));
			List<Integer> owed = List.of(7, 3, 9, 1, 10, 5, 2, 8, 4, 6);
			for (int i = 0; i < owed.size(); i++) {
				assertThat(limiter.tryAcquire("key-" + i, owed.get(i)).isAllowed()).isTrue();
			}
			for (int i = 0; i < 5; i++) {
				assertThat(limiter.tryAcquire("new-" + i, 10).isAllowed()).isTrue();
			}
			for (int i = 0; i < owed.size(); i++) {
				long remaining = limiter.peek("key-" + i).remaining();
				assertThat(remaining).as("key-%d, which owed %d", i, owed.get(i))
					.isEqualTo((owed.get(i) <= 5) ? 10 : 10 - owed.get(i));
			}
		}
	}

	@ParameterizedTest
	@EnumSource(value = Algorithm.class, names = { "TOKEN_BUCKET", "GCRA", "SLIDING_WINDOW_LOG" })
	void ofKeysThatOweAsManyPermitsTheOneNearestToFullAgainIsEvicted(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(3)) {
			RateLimiter limiter = backend.limiter("ties", Limit.of(algorithm, 10, HOUR));
			for (String key : new String[] { "oldest", "middle", "newest" }) {
				assertThat(limiter.tryAcquire(key, 2).isAllowed()).isTrue();
				this.clock.advance(60_000);
			}
			assertThat(limiter.tryAcquire("newcomer", 2).isAllowed()).isTrue();
			assertThat(limiter.peek("oldest").remaining()).as("full again soonest: evicted").isEqualTo(10);
			assertThat(limiter.peek("middle").remaining()).isEqualTo(8);
			assertThat(limiter.peek("newest").remaining()).isEqualTo(8);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aFloodOfNewKeysNeverResetsAKeyThatOwesMoreThanEachOfThem(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(MAXIMUM_KEYS)) {
			RateLimiter login = backend.limiter("login", Limit.of(algorithm, 5, HOUR));
			for (int i = 0; i < 5; i++) {
				assertThat(login.tryAcquire("victim").isAllowed()).isTrue();
			}
			int strangersAllowed = 0;
			for (int i = 0; i < STRANGERS; i++) {
				strangersAllowed += login.tryAcquire("stranger-" + i).isAllowed() ? 1 : 0;
			}
			for (int i = 0; i < 5; i++) {
				assertThat(login.tryAcquire("victim").isAllowed()).as("the victim after the flood").isFalse();
			}
			assertThat(strangersAllowed).as("every stranger's first permit").isEqualTo(STRANGERS);
			assertThat(this.evictions.of("login")).as("strangers' states evicted to make room for strangers")
				.isEqualTo(STRANGERS - (MAXIMUM_KEYS - 1));
			assertThat(login.tryAcquire("newcomer").isAllowed()).as("a new key after the flood").isTrue();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aClientUsingItsLimitSteadilyIsDecidedAsIfNothingWereEvictedWhileNewKeysFloodIn(Algorithm algorithm) {
		Limit limit = Limit.of(algorithm, 10, Duration.ofMinutes(1));
		ManualClock unboundedClock = new ManualClock();
		try (InMemoryBackend bounded = backend(100);
				InMemoryBackend unbounded = InMemoryBackend.builder().clock(unboundedClock).build()) {
			RateLimiter client = bounded.limiter("api", limit);
			RateLimiter reference = unbounded.limiter("api", limit);
			int strangersDenied = 0;
			int clientGrants = 0;
			for (int tick = 0; tick < 1000; tick++) {
				boolean allowed = client.tryAcquire("client").isAllowed();
				assertThat(allowed).as("the client at %d ms", tick * 600)
					.isEqualTo(reference.tryAcquire("client").isAllowed());
				clientGrants += allowed ? 1 : 0;
				for (int i = 0; i < 20; i++) {
					strangersDenied += client.tryAcquire("stranger-" + tick + "-" + i).isAllowed() ? 0 : 1;
				}
				this.clock.advance(600);
				unboundedClock.advance(600);
			}
			assertThat(clientGrants).as("the client's grants in 10 minutes").isBetween(90, 111);
			assertThat(strangersDenied).as("strangers denied their first permit").isZero();
			assertThat(this.evictions.of("api")).as("strangers' states evicted").isPositive();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void idleStatesMakeRoomBeforeAnyStateThatOwesIsEvicted(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(MAXIMUM_KEYS)) {
			RateLimiter login = backend.limiter("login", Limit.of(algorithm, 5, HOUR));
			for (int i = 0; i < 2 * MAXIMUM_KEYS; i++) {
				login.tryAcquire("stranger-" + i);
			}
			long evicted = this.evictions.of("login");
			this.clock.advance(HOUR.multipliedBy(3).toMillis());
			for (int i = 0; i < MAXIMUM_KEYS; i++) {
				assertThat(login.tryAcquire("newcomer-" + i, 5).isAllowed()).isTrue();
			}
			assertThat(this.evictions.of("login")).as("evictions once the old states are idle").isEqualTo(evicted);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void anEvictedKeyStartsAfreshAndAdminOperationsOnAKeyWithoutStateChangeNothing(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(1)) {
			RateLimiter limiter = backend.limiter("shared", Limit.of(algorithm, 3, HOUR));
			assertThat(limiter.tryAcquire("holder", 3).isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("a", 2).isAllowed()).as("room made by evicting the holder").isTrue();
			limiter.reset("holder");
			limiter.addPermits("holder", 1);
			assertThat(limiter.tryAcquire("a").isAllowed()).as("a kept its state").isTrue();
			assertThat(limiter.tryAcquire("a").isAllowed()).isFalse();
			assertThat(limiter.tryAcquire("holder", 3).isAllowed()).as("the evicted holder, afresh").isTrue();
			limiter.penalize("b", 3);
			assertThat(limiter.tryAcquire("b").isAllowed()).as("b's penalty, on a state of its own").isFalse();
			assertThat(this.evictions.of("shared")).isEqualTo(3);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void concurrentNewKeysOnAFullMapAreEachGrantedTheirFirstPermit(Algorithm algorithm) throws Exception {
		try (InMemoryBackend backend = backend(8)) {
			RateLimiter limiter = backend.limiter("contended", Limit.of(algorithm, 3, HOUR));
			AtomicInteger denied = new AtomicInteger();
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				String thread = "t" + t;
				Thread worker = new Thread(() -> {
					for (int i = 0; i < 5_000; i++) {
						denied.addAndGet(limiter.tryAcquire(thread + "-" + i, 3).isAllowed() ? 0 : 1);
						limiter.tryAcquire("hot-" + (i % 4));
					}
				});
				worker.start();
				threads.add(worker);
			}
			for (Thread thread : threads) {
				thread.join();
			}
			assertThat(denied.get()).as("new keys denied their first 3 permits").isZero();
			assertThat(this.evictions.of("contended")).isPositive();
		}
	}

	private InMemoryBackend backend(int maximumKeys) {
		return InMemoryBackend.builder().clock(this.clock).maximumKeysPerLimit(maximumKeys).observer(this.evictions)
			.build();
	}

	private static final class EvictionCounter implements LimiterObserver {

		private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

		@Override
		public void onMemoryOverflow(String limitName) {
			this.counts.computeIfAbsent(limitName, (name) -> new AtomicLong()).incrementAndGet();
		}

		long of(String limitName) {
			AtomicLong count = this.counts.get(limitName);
			return (count != null) ? count.get() : 0;
		}

	}

}
