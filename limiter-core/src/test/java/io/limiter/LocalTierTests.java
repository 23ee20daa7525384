package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * The {@link LocalTier} and {@link LimiterOptions} value types.
 */
class LocalTierTests {

	@Test
	void defaultsBlockKeysThatRedisRefused() {
		assertThat(LimiterOptions.defaults().localTier()).isEqualTo(LocalTier.block());
		assertThat(LimiterOptions.builder().build()).isEqualTo(LimiterOptions.defaults());
		assertThat(LocalTier.none().mode()).isEqualTo(LocalTier.Mode.NONE);
		assertThat(LocalTier.block().mode()).isEqualTo(LocalTier.Mode.BLOCK);
		assertThat(LocalTier.twoTier().mode()).isEqualTo(LocalTier.Mode.TWO_TIER);
		assertThat(LocalTier.twoTier().lease()).isEqualTo(LocalTier.DEFAULT_LEASE);
		assertThat(LocalTier.twoTier().maxBatchShare()).isEqualTo(LocalTier.DEFAULT_MAX_BATCH_SHARE);
		assertThat(LocalTier.twoTier().maximumKeys()).isEqualTo(LocalTier.DEFAULT_MAXIMUM_KEYS);
		assertThat(LocalTier.twoTier().initialBatch()).isEqualTo(LocalTier.DEFAULT_INITIAL_BATCH);
	}

	@Test
	void theBuilderStartsFromTheDefaultTier() {
		assertThat(LocalTier.builder().build()).isEqualTo(LocalTier.block())
			.isEqualTo(LimiterOptions.defaults().localTier());
		LocalTier fewKeys = LocalTier.builder().maximumKeys(10).build();
		assertThat(fewKeys.mode()).as("setting a size keeps the block on").isEqualTo(LocalTier.Mode.BLOCK);
		assertThat(fewKeys.maximumKeys()).isEqualTo(10);
		assertThat(LocalTier.builder().mode(LocalTier.Mode.NONE).build()).isEqualTo(LocalTier.none());
	}

	@Test
	void theLargestBatchIsAShareOfTheCapacityAndAtLeastOnePermit() {
		LocalTier tier = LocalTier.builder().maxBatchShare(0.25).build();
		assertThat(tier.maxBatchPermits(Limit.of(Algorithm.GCRA, 1000, Duration.ofSeconds(1)))).isEqualTo(250);
		assertThat(tier.maxBatchPermits(Limit.of(Algorithm.GCRA, 10, Duration.ofSeconds(1)))).isEqualTo(2);
		assertThat(tier.maxBatchPermits(Limit.of(Algorithm.GCRA, 3, Duration.ofSeconds(1)))).isEqualTo(1);
	}

	@Test
	void toBuilderKeepsEverySettingAndEqualityFollowsThem() {
		LocalTier tier = LocalTier.builder()
			.mode(LocalTier.Mode.TWO_TIER)
			.lease(Duration.ofMillis(250))
			.maxBatchShare(0.5)
			.maximumKeys(7)
			.initialBatch(3)
			.build();
		assertThat(tier.toBuilder().build()).isEqualTo(tier).hasSameHashCodeAs(tier);
		assertThat(tier.toBuilder().initialBatch(4).build()).isNotEqualTo(tier);
		assertThat(tier).hasToString("LocalTier{mode=TWO_TIER, lease=PT0.25S, maxBatchShare=0.5, maximumKeys=7, "
				+ "initialBatch=3}");
		LimiterOptions options = LimiterOptions.builder().localTier(tier).build();
		assertThat(options.toBuilder().build()).isEqualTo(options).hasSameHashCodeAs(options);
		assertThat(options).isNotEqualTo(LimiterOptions.defaults());
	}

	@Test
	void badSettingsAreRefusedNamingFieldAndValue() {
		LocalTier.Builder builder = LocalTier.builder();
		assertThatIllegalArgumentException().isThrownBy(() -> builder.lease(Duration.ZERO))
			.withMessage("lease must be a positive whole number of milliseconds but was PT0S");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.lease(Duration.ofNanos(1_500_000)))
			.withMessage("lease must be a positive whole number of milliseconds but was PT0.0015S");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.maxBatchShare(0))
			.withMessage("maxBatchShare must be greater than 0 and at most 1 but was 0.0");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.maxBatchShare(1.5))
			.withMessage("maxBatchShare must be greater than 0 and at most 1 but was 1.5");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.maxBatchShare(Double.NaN))
			.withMessage("maxBatchShare must be greater than 0 and at most 1 but was NaN");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.maximumKeys(0))
			.withMessage("maximumKeys must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.initialBatch(-2))
			.withMessage("initialBatch must be at least 1 but was -2");
		assertThatNullPointerException().isThrownBy(() -> builder.mode(null)).withMessage("mode must not be null");
		assertThatNullPointerException().isThrownBy(() -> LimiterOptions.builder().localTier(null))
			.withMessage("localTier must not be null");
	}

	@Test
	void theInMemoryBackendIgnoresTheLocalTier() {
		ManualTime time = new ManualTime();
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofSeconds(1));
		try (InMemoryBackend plainBackend = InMemoryBackend.builder().clock(time).build();
				InMemoryBackend twoTierBackend = InMemoryBackend.builder().clock(time).build()) {
			RateLimiter plain = plainBackend.limiter("shared", limit);
			RateLimiter twoTier = twoTierBackend.limiter("shared", limit,
					LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
			for (int i = 0; i < 3; i++) {
				assertThat(twoTier.tryAcquire("k")).usingRecursiveComparison()
					.ignoringFields("receipt.issuer")
					.isEqualTo(plain.tryAcquire("k"));
			}
			assertThat(twoTier.tryAcquire("k").retryAfterMillis()).isEqualTo(500);
		}
	}

	private static final class ManualTime implements LimiterClock {

		@Override
		public long millis() {
			return 1_000;
		}

	}

}
