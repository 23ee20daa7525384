package io.limiter.jmh.baseline;

import java.time.Duration;

import io.limiter.Algorithm;
import io.limiter.Limit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BucketStateTests {

	private static final Limit TEN_PER_SECOND = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	@Test
	void aMissingKeyIsAFullBucketThatGrantsItsBurstThenDenies() {
		BucketState state = BucketState.read(TEN_PER_SECOND, null, null, 5_000);
		assertThat(state).isEqualTo(new BucketState(10_000, 5_000));
		int granted = 0;
		for (int i = 0; i < 11; i++) {
			BucketState.Step step = state.take(TEN_PER_SECOND, 5_000);
			granted += step.allowed() ? 1 : 0;
			state = step.next();
		}
		assertThat(granted).isEqualTo(10);
		assertThat(state.ticks()).isZero();
	}

	@Test
	void refillsOnePermitPerTenthOfASecondUpToTheCapacity() {
		BucketState empty = new BucketState(0, 1_000);
		assertThat(empty.take(TEN_PER_SECOND, 1_099).allowed()).isFalse();
		BucketState.Step step = empty.take(TEN_PER_SECOND, 1_100);
		assertThat(step.allowed()).isTrue();
		assertThat(step.next()).isEqualTo(new BucketState(0, 1_100));
		assertThat(empty.take(TEN_PER_SECOND, 60_000).next().ticks()).isEqualTo(9_000);
	}

	@Test
	void aClockBehindTheStoredTimeRefillsNothingAndKeepsTheStoredTime() {
		BucketState state = new BucketState(500, 2_000);
		BucketState.Step step = state.take(TEN_PER_SECOND, 1_000);
		assertThat(step.allowed()).isFalse();
		assertThat(step.next()).isEqualTo(new BucketState(500, 2_000));
	}

	@Test
	void readsTheStoredFields() {
		assertThat(BucketState.read(TEN_PER_SECOND, "1234", "99", 5_000)).isEqualTo(new BucketState(1234, 99));
	}

}
