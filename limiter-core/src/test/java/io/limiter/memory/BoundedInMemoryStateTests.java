package io.limiter.memory;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
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
