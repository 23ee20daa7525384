package io.limiter.jmh.check;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.jmh.baseline.BucketState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class GrantBoundsTests {

	private static Limit tenPerSecond(Algorithm algorithm) {
		return Limit.of(algorithm, 10, Duration.ofSeconds(1));
	}

	@Test
	void bucketsGrantTheirBurstPlusWhatRefills() {
		for (Algorithm algorithm : new Algorithm[] { Algorithm.TOKEN_BUCKET, Algorithm.GCRA }) {
			assertThat(GrantBounds.max(tenPerSecond(algorithm), 0, 3_000)).isEqualTo(40);
			assertThat(GrantBounds.max(tenPerSecond(algorithm), 250, 3_349)).isEqualTo(40);
			assertThat(GrantBounds.max(tenPerSecond(algorithm), 250, 3_350)).isEqualTo(41);
		}
	}

	@Test
	void fixedWindowGrantsItsCapacityInEveryWindowTouched() {
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.FIXED_WINDOW), 1_500, 4_500)).isEqualTo(40);
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.FIXED_WINDOW), 1_000, 3_999)).isEqualTo(30);
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.FIXED_WINDOW), 1_100, 1_900)).isEqualTo(10);
	}

	@Test
	void slidingWindowCounterGrantsAtMostTheElapsedPartOfItsLastWindowAboveFullWindows() {
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.SLIDING_WINDOW_COUNTER), 500, 3_500)).isEqualTo(36);
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.SLIDING_WINDOW_COUNTER), 0, 3_999)).isEqualTo(40);
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.SLIDING_WINDOW_COUNTER), 100, 900)).isEqualTo(10);
	}

	@Test
	void slidingWindowLogGrantsItsCapacityPerPeriodOfTheRun() {
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.SLIDING_WINDOW_LOG), 700, 3_700)).isEqualTo(40);
		assertThat(GrantBounds.max(tenPerSecond(Algorithm.SLIDING_WINDOW_LOG), 700, 3_699)).isEqualTo(30);
	}

	@Test
	void rejectsAnEndBeforeTheStart() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> GrantBounds.max(tenPerSecond(Algorithm.GCRA), 10, 9))
			.withMessage("end must not be before start but was 9 < 10");
	}

	@Test
	void aGreedyClientOfAnExactModelNeverExceedsTheBoundAndReachesMostOfIt() {
		for (Algorithm algorithm : Algorithm.values()) {
			for (long capacity : new long[] { 1, 7, 10 }) {
				for (long period : new long[] { 250, 1_000 }) {
					Limit limit = Limit.of(algorithm, capacity, Duration.ofMillis(period));
					for (long start = 0; start < 2 * period; start += 37) {
						for (long length : new long[] { period - 1, 2 * period + 50, 3 * period }) {
							long granted = greedy(limit, start, start + length);
							long bound = GrantBounds.max(limit, start, start + length);
							assertThat(granted).as("%s from %d for %d ms", limit, start, length).isLessThanOrEqualTo(bound);
							assertThat(granted * 4).as("%s from %d for %d ms", limit, start, length)
								.isGreaterThanOrEqualTo(bound * 3 - 4 * capacity);
						}
					}
				}
			}
		}
	}

	/**
	 * Asks once per millisecond from {@code start} to {@code end} inclusive, granting whenever the algorithm's
	 * definition allows.
	 */
	private static long greedy(Limit limit, long start, long end) {
		long capacity = limit.capacity();
		long period = limit.periodMillis();
		long granted = 0;
		BucketState bucket = BucketState.full(limit, start);
		Deque<Long> log = new ArrayDeque<>();
		long window = Long.MIN_VALUE;
		long current = 0;
		long previous = 0;
		for (long now = start; now <= end; now++) {
			boolean allowed;
			switch (limit.algorithm()) {
				case TOKEN_BUCKET, GCRA -> {
					BucketState.Step step = bucket.take(limit, now);
					bucket = step.next();
					allowed = step.allowed();
				}
				case SLIDING_WINDOW_LOG -> {
					while (!log.isEmpty() && log.peekFirst() <= now - period) {
						log.removeFirst();
					}
					allowed = log.size() < capacity;
					if (allowed) {
						log.addLast(now);
					}
				}
				default -> {
					long index = Math.floorDiv(now, period);
					if (index != window) {
						previous = (index == window + 1) ? current : 0;
						current = 0;
						window = index;
					}
					long weighted = (limit.algorithm() == Algorithm.FIXED_WINDOW) ? 0
							: previous * (period - (now - index * period)) / period;
					allowed = current + weighted < capacity;
					if (allowed) {
						current++;
					}
				}
			}
			granted += allowed ? 1 : 0;
		}
		return granted;
	}

}
