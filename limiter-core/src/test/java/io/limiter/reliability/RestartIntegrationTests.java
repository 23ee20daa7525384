package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisException;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A standalone Redis stopped and started again while threads decide, and one that is down when the application
 * starts: the limiter reconnects, reloads its scripts and decides exactly again, by itself.
 * {@code FailurePolicyIntegrationTests} covers a single decision across a restart.
 */
class RestartIntegrationTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 5, Duration.ofMinutes(1));

	private static final Duration TIMEOUT = Duration.ofMillis(500);

	private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(10);

	@Test
	void recoversUnderLoadAfterRedisIsStoppedAndStartedAgain() throws Exception {
		RecordingObserver observer = new RecordingObserver();
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = backend(redis, observer)) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(5))).isTrue();
			RateLimiter limiter = backend.limiter("restart", LIMIT);
			Load load = Load.start(8, (thread, iteration) -> {
				// a new key at each step, so that every decision needs Redis: keys at their limit would be refused
				// by the block tier without a call, and a stop of Redis go unnoticed
				String key = "user-" + thread + "-" + iteration;
				if (thread % 2 == 0) {
					limiter.tryAcquire(key, 1);
				}
				else {
					limiter.tryAcquireAsync(key, 1).toCompletableFuture().get(10, TimeUnit.SECONDS);
				}
				Thread.sleep(1);
			});
			Thread.sleep(500);
			assertThat(observer.failures()).as("failures before the stop").isZero();
			shutdown(redis);
			Thread.sleep(1000);
			long failuresWhileDown = observer.failures();
			redis.restart();
			long restarted = System.nanoTime();
			Duration recovery = awaitRedisDecides(limiter, restarted);
			Thread.sleep(500);
			long failuresAfterRecovery = observer.failures();
			Thread.sleep(1000);
			load.stop();
			System.out.printf("restart: %d decisions, %d decided by the policy while Redis was down, "
					+ "Redis decided again %d ms after it restarted%n", load.steps(), failuresAfterRecovery,
					recovery.toMillis());
			assertThat(load.exceptions()).isEmpty();
			assertThat(failuresWhileDown).as("decisions the policy made while Redis was down").isPositive();
			assertThat(observer.failures()).as("failures once recovered").isEqualTo(failuresAfterRecovery);
			assertThat(backend.isCircuitOpen()).isFalse();
			assertExactOnAFreshKey(limiter, "after-restart");
		}
	}

	@Test
	void startsWhileRedisIsDownAndConnectsWhenItComesUp() throws Exception {
		RecordingObserver observer = new RecordingObserver();
		try (RedisServerProcess redis = RedisFixtures.startStandalone()) {
			redis.kill();
			try (RedisBackend backend = backend(redis, observer)) {
				RateLimiter limiter = backend.limiter("late", LIMIT);
				assertThat(backend.awaitConnection(Duration.ofMillis(300))).isFalse();
				assertThat(limiter.tryAcquire("k").isAllowed()).as("fail-closed while down").isFalse();
				assertThat(observer.failures()).isOne();
				redis.restart();
				assertThat(backend.awaitConnection(RECOVERY_LIMIT)).isTrue();
				awaitRedisDecides(limiter, System.nanoTime());
				assertExactOnAFreshKey(limiter, "after-start");
			}
		}
	}

	private static RedisBackend backend(RedisServerProcess redis, RecordingObserver observer) {
		return RedisBackend.builder()
			.standalone(redis.uri())
			.timeout(TIMEOUT)
			.minimumTimeout(TIMEOUT)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.circuitBreaker(3, Duration.ofMillis(200))
			.observer(observer)
			.build();
	}

	/** Stops the server the way an operator does; its data is gone, as it is not saved. */
	private static void shutdown(RedisServerProcess redis) {
		try {
			RedisAdmin.call(redis.uri(), (commands) -> {
				commands.shutdown(false);
				return null;
			});
		}
		catch (RedisException ex) {
			// SHUTDOWN answers by closing the connection
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (redis.isAlive() && System.nanoTime() < deadline) {
			Thread.onSpinWait();
		}
		assertThat(redis.isAlive()).isFalse();
	}

	/** Under fail-closed only Redis can allow a fresh key, so the first allowed decision marks recovery. */
	private static Duration awaitRedisDecides(RateLimiter limiter, long sinceNanos) throws InterruptedException {
		for (int probe = 0; System.nanoTime() - sinceNanos < RECOVERY_LIMIT.toNanos(); probe++) {
			if (limiter.tryAcquire("probe-" + probe).isAllowed()) {
				return Duration.ofNanos(System.nanoTime() - sinceNanos);
			}
			Thread.sleep(20);
		}
		throw new AssertionError("Redis did not decide again within " + RECOVERY_LIMIT);
	}

	private static void assertExactOnAFreshKey(RateLimiter limiter, String key) {
		for (int i = 0; i < LIMIT.capacity(); i++) {
			assertThat(limiter.tryAcquire(key).remaining()).isEqualTo(LIMIT.capacity() - 1 - i);
		}
		assertThat(limiter.tryAcquire(key).isAllowed()).isFalse();
	}

}
