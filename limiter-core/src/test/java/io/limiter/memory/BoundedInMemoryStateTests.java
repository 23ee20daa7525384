package io.limiter.memory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.Rate;
import io.limiter.LimiterObserver;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiter;
import io.limiter.contract.ManualClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A bounded in-memory limit never forgets a key that still owes: a flood of other keys cannot reset a login limit,
 * and the keys that find no room share one overflow state, conservatively, which the observer counts.
 */
class BoundedInMemoryStateTests {

	private static final Duration HOUR = Duration.ofHours(1);

	private static final int MAXIMUM_KEYS = 1000;

	private static final int STRANGERS = 20_000;

	private final ManualClock clock = new ManualClock();

	private final OverflowCounter overflows = new OverflowCounter();

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void floodingOtherKeysNeverResetsAKeyThatStillOwes(Algorithm algorithm) {
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
			int withRoom = MAXIMUM_KEYS - 1;
			assertThat(this.overflows.of("login")).as("decisions by the overflow state").isEqualTo(STRANGERS - withRoom);
			assertThat(strangersAllowed).as("strangers with a state of their own, then 5 shared by the rest")
				.isEqualTo(withRoom + 5);
			assertThat(login.tryAcquire("newcomer").isAllowed()).as("a new key while the overflow owes").isFalse();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void theOverflowOfSeveralRatesKeepsEveryRateAndMovesWithTheLimit(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(1)) {
			Limit limit = Limit.builder().algorithm(algorithm).rate(3, HOUR).rate(4, HOUR.multipliedBy(10)).build();
			RateLimiter limiter = backend.limiter("rates", limit);
			assertThat(limiter.tryAcquire("holder").isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("a", 3).isAllowed()).as("the overflow's first grant").isTrue();
			assertThat(this.overflows.of("rates")).isEqualTo(1);
			this.clock.advance(HOUR.multipliedBy(2).toMillis());
			Decision slowRateRefuses = limiter.tryAcquire("b", 2);
			assertThat(slowRateRefuses.isAllowed()).as("the hour's rate is full again, the ten hours' is not").isFalse();
			assertThat(slowRateRefuses.rate()).isEqualTo(1);
			Limit largerLimit = limit.toBuilder().rates(List.of(Rate.of(3, HOUR), Rate.of(5, HOUR.multipliedBy(10))))
				.build();
			RateLimiter larger = backend.update("rates", List.of(largerLimit), LimiterOptions.defaults()).get(0);
			assertThat(larger.tryAcquire("c", 2).isAllowed()).as("the overflow moved to the larger numbers").isTrue();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void newKeysGetStatesOfTheirOwnAgainOnceTheOverflowIsIdle(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(MAXIMUM_KEYS)) {
			RateLimiter login = backend.limiter("login", Limit.of(algorithm, 5, HOUR));
			for (int i = 0; i < 2 * MAXIMUM_KEYS; i++) {
				login.tryAcquire("stranger-" + i);
			}
			long overflowed = this.overflows.of("login");
			this.clock.advance(HOUR.multipliedBy(3).toMillis());
			assertThat(login.tryAcquire("newcomer", 5).isAllowed()).isTrue();
			assertThat(login.tryAcquire("other-newcomer", 5).isAllowed()).isTrue();
			assertThat(this.overflows.of("login")).as("no overflow once the old states are idle").isEqualTo(overflowed);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aKeyWithoutRoomIsRefundedToTheOverflowAndItsResetNeverResetsTheOverflow(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(1)) {
			RateLimiter limiter = backend.limiter("shared", Limit.of(algorithm, 3, HOUR));
			assertThat(limiter.tryAcquire("holder").isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("a", 3).isAllowed()).as("from the overflow").isTrue();
			assertThat(limiter.tryAcquire("b").isAllowed()).as("the overflow is spent").isFalse();
			limiter.reset("a");
			assertThat(limiter.tryAcquire("b").isAllowed()).as("a reset leaves the shared overflow alone").isFalse();
			limiter.refund("a", 2);
			assertThat(limiter.tryAcquire("b", 2).isAllowed()).as("a's permits back in the overflow").isTrue();
			limiter.penalize("c", 1);
			assertThat(limiter.tryAcquire("b").isAllowed()).as("c's penalty taken from the overflow").isFalse();
			limiter.reset("holder");
			assertThat(limiter.tryAcquire("holder").isAllowed())
				.as("a reset key is a new key: while new keys share the spent overflow, so does it")
				.isFalse();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void theOverflowNeverGrantsAKeyMoreThanItsOwnStateWould(Algorithm algorithm) {
		try (InMemoryBackend backend = backend(1)) {
			RateLimiter limiter = backend.limiter("tight", Limit.of(algorithm, 3, HOUR));
			assertThat(limiter.tryAcquire("holder").isAllowed()).isTrue();
			int granted = 0;
			for (int round = 0; round < 4; round++) {
				for (String key : new String[] { "a", "b", "c" }) {
					granted += limiter.tryAcquire(key).isAllowed() ? 1 : 0;
				}
				this.clock.advance(1);
			}
			assertThat(granted).as("grants to a, b and c together within the hour").isEqualTo(3);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void concurrentRequestsOnAFullMapNeverGrantAKeyMoreThanItsCapacity(Algorithm algorithm) throws Exception {
		try (InMemoryBackend backend = backend(8)) {
			RateLimiter limiter = backend.limiter("contended", Limit.of(algorithm, 3, HOUR));
			Map<String, AtomicLong> grants = new ConcurrentHashMap<>();
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < 4; t++) {
				Random random = new Random(t);
				Thread thread = new Thread(() -> {
					for (int i = 0; i < 20_000; i++) {
						String key = "k" + random.nextInt(40);
						long permits = random.nextInt(3) == 0 ? 0 : 1;
						if (limiter.tryAcquire(key, permits).isAllowed() && permits > 0) {
							grants.computeIfAbsent(key, (ignored) -> new AtomicLong()).incrementAndGet();
						}
					}
				});
				thread.start();
				threads.add(thread);
			}
			for (Thread thread : threads) {
				thread.join();
			}
			assertThat(grants.values()).as("grants per key while no time passes").allMatch((count) -> count.get() <= 3);
			assertThat(this.overflows.of("contended")).as("keys decided by the overflow").isPositive();
		}
	}

	private InMemoryBackend backend(int maximumKeys) {
		return InMemoryBackend.builder().clock(this.clock).maximumKeysPerLimit(maximumKeys).observer(this.overflows).build();
	}

	private static final class OverflowCounter implements LimiterObserver {

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
