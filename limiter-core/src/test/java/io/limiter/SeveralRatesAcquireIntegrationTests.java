package io.limiter;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code acquire} of a limit of several rates waits in real time, in memory and on Redis: it reserves nothing and
 * retries at the retry-after of the rate that refuses longest while that fits in the wait.
 */
class SeveralRatesAcquireIntegrationTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private static final Limit LIMIT = Limit.builder(Algorithm.TOKEN_BUCKET).rate(1, Duration.ofSeconds(2)).rate(5, Duration.ofSeconds(60))
		.build();

	@ParameterizedTest
	@EnumSource(Backend.class)
	void acquireWaitsForTheRateThatRefusesAndFailsAtOnceWhenTheWaitDoesNotFit(Backend kind) throws Exception {
		try (LimiterBackend backend = kind.create()) {
			RateLimiter limiter = backend.limiter("acquire-" + NAMES.incrementAndGet(), LIMIT);
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
			long started = System.nanoTime();
			Decision refused = limiter.tryAcquire("k", 1);
			assertThat(refused.isAllowed()).isFalse();
			Decision waited = limiter.tryAcquire("k", 1, Duration.ofSeconds(5));
			assertThat(waited.isAllowed()).isTrue();
			assertThat(waited.delayMillis()).as("nothing reserved").isZero();
			assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started))
				.isGreaterThanOrEqualTo(refused.retryAfterMillis() - 20);
			started = System.nanoTime();
			assertThat(limiter.tryAcquire("k", 1, Duration.ofMillis(50)).isAllowed()).isFalse();
			assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).as("no wait that cannot fit")
				.isLessThan(1000);
			Decision async = limiter.tryAcquireAsync("k", 1, Duration.ofSeconds(5)).toCompletableFuture()
				.get(10, TimeUnit.SECONDS);
			assertThat(async.isAllowed()).isTrue();
		}
	}

	enum Backend {

		IN_MEMORY, REDIS;

		LimiterBackend create() throws InterruptedException {
			if (this == IN_MEMORY) {
				return InMemoryBackend.builder().build();
			}
			RedisBackend redis = RedisBackend.builder().standalone(RedisFixtures.standalone().uri())
				.failurePolicy(FailurePolicy.FAIL_CLOSED).build();
			assertThat(redis.awaitConnection(Duration.ofSeconds(5))).isTrue();
			return redis;
		}

	}

}
