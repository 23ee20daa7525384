package io.limiter.internal.local;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The batch policy alone: growth with demand, shrink without it, and its bounds.
 */
class AdaptiveBatchTests {

	private final AdaptiveBatch batch = new AdaptiveBatch(1_000, 100_000, 1_000);

	@Test
	void aColdKeyStartsWithTheInitialBatchCappedByTheLargest() {
		assertThat(this.batch.initial()).isEqualTo(1_000);
		assertThat(new AdaptiveBatch(5_000, 2_000, 1_000).initial()).isEqualTo(2_000);
	}

	@Test
	void demandMovesTheBatchHalfWayPerBorrow() {
		assertThat(this.batch.next(1_000, 10_000, 100)).isEqualTo(1_000 + (50_000 - 1_000 + 1) / 2);
		assertThat(this.batch.next(40_000, 10_000, 500)).isEqualTo(25_000);
	}

	@Test
	void sustainedDemandReachesTheLargestBatchExactly() {
		long current = this.batch.initial();
		for (int borrow = 0; borrow < 40; borrow++) {
			long next = this.batch.next(current, current, 1);
			assertThat(next).isGreaterThanOrEqualTo(current);
			current = next;
		}
		assertThat(current).isEqualTo(100_000);
		assertThat(this.batch.next(current, Long.MAX_VALUE / 2, 1)).isEqualTo(100_000);
		assertThat(this.batch.next(current, 5, 0)).isEqualTo(100_000);
	}

	@Test
	void noDemandShrinksToTheInitialBatchExactly() {
		long current = 100_000;
		for (int borrow = 0; borrow < 40; borrow++) {
			long next = this.batch.next(current, 0, 10_000);
			assertThat(next).isLessThanOrEqualTo(current);
			current = next;
		}
		assertThat(current).isEqualTo(1_000);
	}

}
