package io.limiter.contract;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GCRA: the {@link BucketContract}, since it decides as the token bucket of the same limit, and the same
 * decisions as that token bucket on a long sequence, in which the clock also goes back.
 */
public abstract class GcraContract extends BucketContract {

	/**
	 * Creates the contract.
	 */
	protected GcraContract() {
		super(Algorithm.GCRA);
	}

	/** GCRA keeps the time until the key is full: 40 s at 5 per 100 s is 4 permits at 10 per 100 s. */
	@Override
	protected long remainingOfTenAfterTwoOfFive() {
		return 6;
	}

	@Test
	void decidesAsTheTokenBucketOfTheSameLimit() {
		Duration period = Duration.ofMinutes(10);
		RateLimiter gcra = limiter(Algorithm.GCRA, 7, period);
		RateLimiter bucket = limiter(Algorithm.TOKEN_BUCKET, 7, period);
		Random random = new Random(2026);
		Map<String, Long> untouchableUntil = new HashMap<>();
		Map<String, Long> latestTime = new HashMap<>();
		int denied = 0;
		int reserved = 0;
		for (int step = 0; step < 300; step++) {
			this.clock.advance(switch (random.nextInt(8)) {
				case 0, 1 -> 0;
				case 2 -> -random.nextLong(period.toMillis() / 10);
				default -> random.nextLong(period.toMillis() / 5);
			});
			String key = "k" + random.nextInt(3);
			// Redis expires keys in real time; never touch one whose expiry the manual clock has not reached.
			this.clock.advance(Math.max(0, untouchableUntil.getOrDefault(key, 0L) - this.clock.millis()));
			long permits = random.nextLong(8);
			long maxWait = random.nextBoolean() ? random.nextLong(period.toMillis()) : 0;
			Decision expected = decide(bucket, key, permits, maxWait);
			assertThat(unissued(decide(gcra, key, permits, maxWait)))
				.as("step %d: %s takes %d, waiting at most %d ms", step, key, permits, maxWait)
				.isEqualTo(unissued(expected));
			long keyTime = Math.max(this.clock.millis(), latestTime.getOrDefault(key, Long.MIN_VALUE));
			latestTime.put(key, keyTime);
			if (expected.resetAfterMillis() < 5000) {
				untouchableUntil.put(key, keyTime + expected.resetAfterMillis());
			}
			denied += expected.isAllowed() ? 0 : 1;
			reserved += (expected.delayMillis() > 0) ? 1 : 0;
		}
		assertThat(denied).as("denials in the sequence").isGreaterThan(30);
		assertThat(reserved).as("reservations in the sequence").isGreaterThan(30);
	}

}
