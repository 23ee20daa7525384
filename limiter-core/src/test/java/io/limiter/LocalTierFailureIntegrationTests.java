package io.limiter;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;

import io.limiter.DegradedReason;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The local tier when Redis fails: the failure policy decides, and a failed borrow does not keep the key from
 * borrowing again once Redis is back. On a private server that the test kills.
 */
class LocalTierFailureIntegrationTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	@Test
	void aFailedBorrowIsDecidedByThePolicyAndFreesTheKey() throws InterruptedException {
		List<Throwable> failures = new CopyOnWriteArrayList<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
				failures.add(failure);
			}

		};
		RedisServerProcess server = RedisFixtures.startStandalone();
		try (RedisBackend backend = RedisBackend.builder()
			.standalone(server.uri())
			.timeout(Duration.ofMillis(500))
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.circuitBreaker(100, Duration.ofMillis(100))
			.observer(observer)
			.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RateLimiter limiter = backend.limiter("failing", LIMIT,
					LimiterOptions.builder().localTier(LocalTier.twoTier()).build());
			assertThat(limiter.tryAcquire("k").isAllowed()).isTrue();
			server.kill();
			assertThat(limiter.tryAcquire("k").isAllowed()).isFalse();
			assertThat(failures).hasSize(1);
			assertThat(limiter.tryAcquire("k").isAllowed()).isFalse();
			assertThat(failures).as("the key borrows again instead of staying stuck").hasSize(2);
			server.restart();
			assertThat(eventuallyAllowedByRedis(limiter, failures)).isTrue();
		}
		finally {
			server.stop();
		}
	}

	private static boolean eventuallyAllowedByRedis(RateLimiter limiter, List<Throwable> failures)
			throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
		while (System.nanoTime() < deadline) {
			int failuresBefore = failures.size();
			if (limiter.tryAcquire("k").isAllowed() && failures.size() == failuresBefore) {
				return true;
			}
			Thread.sleep(100);
		}
		return false;
	}

}
