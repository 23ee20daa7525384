package io.limiter;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The local tier when Redis fails: callers get a {@link RateLimiterException}, and a failed borrow does not
 * keep the key from borrowing again once Redis is back. On a private server that the test kills.
 */
class LocalTierFailureIntegrationTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	@Test
	void aFailedBorrowFailsItsCallersAndFreesTheKey() throws InterruptedException {
		RedisServerProcess server = RedisFixtures.startStandalone();
		try (RedisBackend backend = RedisBackend.builder()
			.standalone(server.uri())
			.timeout(Duration.ofMillis(500))
			.build()) {
			RateLimiter limiter = backend.limiter("failing", LIMIT,
					LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
			assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
			server.kill();
			assertThatExceptionOfType(RateLimiterException.class).isThrownBy(() -> limiter.tryAcquire("k"))
				.withMessageContaining("'failing'");
			assertThatExceptionOfType(RateLimiterException.class).isThrownBy(() -> limiter.tryAcquire("k"));
			server.restart();
			assertThat(eventuallyDecided(limiter).isAllowed()).isTrue();
		}
		finally {
			server.stop();
		}
	}

	private static Decision eventuallyDecided(RateLimiter limiter) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (true) {
			try {
				return limiter.tryAcquire("k");
			}
			catch (RateLimiterException ex) {
				if (System.nanoTime() > deadline) {
					throw ex;
				}
				Thread.sleep(100);
			}
		}
	}

}
