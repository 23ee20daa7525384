package io.limiter.spring;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link RateLimiterRegistry} on the in-memory backend: look-ups, and updates that carry each key's
 * remaining permits over.
 */
class RateLimiterRegistryTests {

	private static final Duration HOUR = Duration.ofHours(1);

	private final ManualClock clock = new ManualClock();

	private final RateLimiterRegistry registry = new RateLimiterRegistry(
			InMemoryBackend.builder().clock(this.clock).build(),
			Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR)), this.clock);

	@Test
	void unknownLimitIsReportedWithTheKnownOnes() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.registry.limiter("nope"))
			.withMessage("no limit named 'nope'; the limits are [api]");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.registry.update("nope", Limit.of(Algorithm.TOKEN_BUCKET, 1, HOUR)));
	}

	@Test
	void updateWithTheSameLimitKeepsTheLimiter() {
		RateLimiter before = this.registry.limiter("api");
		assertThat(this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR))).isSameAs(before);
	}

	@Test
	void updateChangesTheLimitAndKeepsTheRemainingPermitsOfEachKey() {
		this.registry.limiter("api").tryAcquire("busy", 8);
		Limit smaller = Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR);
		RateLimiter updated = this.registry.update("api", smaller);
		assertThat(this.registry.limiter("api")).isSameAs(updated);
		assertThat(updated.limit()).isEqualTo(smaller);
		assertThat(updated.tryAcquire("busy", 0).remaining()).isEqualTo(2);
		assertThat(updated.tryAcquire("busy", 2).isAllowed()).isTrue();
		assertThat(updated.tryAcquire("busy").isAllowed()).isFalse();
		assertThat(updated.tryAcquire("idle", 0).remaining()).isEqualTo(5);
	}

	@Test
	void largerLimitDoesNotRefillAKeyAndUpdatesChain() {
		this.registry.limiter("api").tryAcquire("busy", 9);
		this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
		RateLimiter larger = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR));
		assertThat(larger.tryAcquire("busy", 0).remaining()).isEqualTo(1);
		assertThat(larger.tryAcquire("fresh", 0).remaining()).isEqualTo(20);
	}

	@Test
	void nothingIsCarriedOverOnceTheOldStateCannotMatter() {
		this.registry.limiter("api").tryAcquire("busy", 10);
		RateLimiter updated = this.registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
		this.clock.advance(HOUR.multipliedBy(2));
		assertThat(updated.tryAcquire("busy", 0).remaining()).isEqualTo(5);
	}

}
