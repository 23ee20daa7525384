package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.contract.ManualClock;
import io.limiter.internal.Decisions;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A limiter built with no options on Redis refuses keys that Redis refused in memory, for every algorithm, and
 * {@link LocalTier#none()} still sends every decision to Redis; on the shared cluster, with a manual clock and
 * the Redis calls counted by the backend's observer.
 */
class DefaultLocalTierIntegrationTests {

	private final ManualClock clock = new ManualClock();

	private final RedisCallCounter calls = new RedisCallCounter();

	private final RedisBackend backend = connected(RedisBackend.builder()
		.cluster(RedisFixtures.cluster().seedNodes())
		.clientClock(this.clock)
		.timeout(Duration.ofSeconds(5))
		.failurePolicy(FailurePolicy.FAIL_CLOSED)
		.observer(this.calls)
		.build());

	@AfterEach
	void close() {
		this.backend.close();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aKeyRedisRefusedIsRefusedInMemoryUntilItsRetryAfter(Algorithm algorithm) {
		RateLimiter limiter = this.backend.limiter(uniqueName(algorithm), Limit.of(algorithm, 5, Duration.ofSeconds(1)));
		for (int i = 0; i < 5; i++) {
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
		}
		Decision refused = limiter.tryAcquire("k", 1);
		assertThat(refused.isAllowed()).isFalse();
		assertThat(refused.isLocal()).isFalse();
		long sent = this.calls.calls();
		this.clock.advance(refused.retryAfterMillis() - 1);
		Decision repeated = limiter.tryAcquire("k", 1);
		assertThat(repeated.isLocal()).isTrue();
		assertThat(repeated).isEqualTo(Decisions.local(Decision.denied(5, 0, 1, refused.resetAfterMillis()
				- refused.retryAfterMillis() + 1)));
		assertThat(this.calls.calls()).isEqualTo(sent);
		this.clock.advance(1);
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
		assertThat(this.calls.calls()).isEqualTo(sent + 1);
	}

	@Test
	void withoutALocalTierEveryRefusalIsAskedOfRedis() {
		RateLimiter limiter = this.backend.limiter(uniqueName(Algorithm.TOKEN_BUCKET),
				Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1)),
				LimiterOptions.builder().localTier(LocalTier.none()).build());
		assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
		long sent = this.calls.calls();
		for (int i = 0; i < 3; i++) {
			Decision refused = limiter.tryAcquire("k", 1);
			assertThat(refused.isAllowed()).isFalse();
			assertThat(refused.isLocal()).isFalse();
		}
		assertThat(this.calls.calls()).isEqualTo(sent + 3);
	}

	private static String uniqueName(Algorithm algorithm) {
		return "defaults-" + algorithm.configName() + "-" + System.nanoTime();
	}

	private static RedisBackend connected(RedisBackend backend) {
		try {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			return backend;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
