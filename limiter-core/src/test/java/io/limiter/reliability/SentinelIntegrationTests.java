package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.LocalRedisSentinel;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis Sentinel as the backend's topology, on real servers (a master, a replica, three Sentinels): decisions are
 * exact on the master, with credentials (wrong ones leave the decisions to the failure policy); after the master
 * is killed with {@code SIGKILL}, or freezes and comes back, the Sentinels promote the replica, the default
 * failure policy decides meanwhile, no exception reaches a caller, the breaker closes again and Redis decides
 * again, on the new master.
 */
class SentinelIntegrationTests {

	/** The Sentinels' {@code down-after-milliseconds}: short, so that the test fails over within seconds. */
	private static final Duration DOWN_AFTER = Duration.ofMillis(1000);

	private static final Duration TIMEOUT = Duration.ofMillis(500);

	/** How long a frozen master answers nothing: several times {@link #DOWN_AFTER}, so it is failed over. */
	private static final Duration FREEZE = Duration.ofSeconds(4);

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 50, Duration.ofMinutes(1));

	private static final int THREADS = 8;

	/** No failure for this long, under load, counts as recovered. */
	private static final Duration QUIET = Duration.ofSeconds(1);

	/** The longest acceptable time from the kill to the last decision made by the policy. */
	private static final Duration GAP_LIMIT = Duration.ofSeconds(30);

	@Test
	void decidesExactlyOnTheMasterWithCredentialsAndNotAtAllWithWrongOnes() throws Exception {
		try (LocalRedisSentinel sentinel = LocalRedisSentinel.start(DOWN_AFTER, "s3cret")) {
			String nodes = sentinel.sentinels()
				.stream()
				.map((node) -> "redis://:s3cret@" + node.host() + ":" + node.port())
				.collect(Collectors.joining(","));
			RecordingObserver observer = new RecordingObserver();
			try (RedisBackend backend = builder(observer).sentinel(sentinel.masterName(), nodes)
				.failurePolicy(FailurePolicy.FAIL_CLOSED)
				.build()) {
				assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
				RateLimiter limiter = backend.limiter("sentinel-exact", LIMIT);
				assertThat(allowedOf(limiter, "user", 2 * LIMIT.capacity())).as("allowed of twice the capacity")
					.isEqualTo(LIMIT.capacity());
				assertThat(observer.failures()).as(observer.toString()).isZero();
				assertThat(exists(sentinel.master(), "s3cret", StateKeys.redisKey("sentinel-exact", "user")))
					.as("the key's state is on the master")
					.isTrue();
			}
			RecordingObserver refused = new RecordingObserver();
			String wrong = nodes.replace("s3cret", "wrong");
			try (RedisBackend backend = builder(refused).sentinel(sentinel.masterName(), wrong).build()) {
				assertThat(backend.awaitConnection(Duration.ofSeconds(2))).as("connected with a wrong password")
					.isFalse();
				assertThat(backend.limiter("sentinel-exact", LIMIT).tryAcquire("user").isDegraded())
					.as("decided by the failure policy")
					.isTrue();
				assertThat(refused.failures()).isEqualTo(1);
			}
		}
	}

	@Test
	void followsThePromotedReplicaAfterTheMasterIsKilled() throws Exception {
		failOverUnderLoad("kill", RedisServerProcess::kill);
	}

	/**
	 * The master stops answering for longer than the Sentinels wait ({@code CLIENT PAUSE}, as a frozen host), is
	 * replaced, and comes back: the Sentinels make it a replica and disconnect its clients, and the backend finds the
	 * promoted one.
	 */
	@Test
	void followsThePromotedReplicaAfterTheMasterFreezesAndComesBackDemoted() throws Exception {
		failOverUnderLoad("pause", (master) -> RedisAdmin.call(master.uri(),
				(commands) -> commands.clientPause(FREEZE.toMillis())));
	}

	private void failOverUnderLoad(String fault, Consumer<RedisServerProcess> fail) throws Exception {
		try (LocalRedisSentinel sentinel = RedisFixtures.startSentinel(DOWN_AFTER)) {
			RecordingObserver observer = new RecordingObserver();
			try (RedisBackend backend = builder(observer).sentinel(sentinel.masterName(), sentinel.sentinelNodes())
				.build()) {
				assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
				RateLimiter limiter = backend.limiter("sentinel-failover",
						Limit.of(Algorithm.TOKEN_BUCKET, 1_000, Duration.ofSeconds(1)));
				AtomicLong decisions = new AtomicLong();
				Load load = Load.start(THREADS, (thread, iteration) -> {
					if (iteration % 2 == 0) {
						limiter.tryAcquire("user-" + (iteration % 100));
					}
					else {
						limiter.tryAcquireAsync("user-" + (iteration % 100), 1).toCompletableFuture().get(10,
								TimeUnit.SECONDS);
					}
					decisions.incrementAndGet();
					LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
				});
				Thread.sleep(QUIET.toMillis());
				assertThat(observer.failures()).as("before the fault: " + observer).isZero();
				RedisServerProcess old = sentinel.master();
				long failed = System.nanoTime();
				fail.accept(old);
				sentinel.awaitFailover(old);
				long promoted = System.nanoTime();
				long recovered = observer.awaitQuiet(failed, QUIET, GAP_LIMIT);
				long runNanos = load.stop();
				System.out.printf("sentinel failover (%s): %d decisions in %d ms, %d decided by the policy; replica "
						+ "promoted %d ms and Redis deciding again %d ms after the fault%n", fault, decisions.get(),
						TimeUnit.NANOSECONDS.toMillis(runNanos), observer.failures(),
						TimeUnit.NANOSECONDS.toMillis(promoted - failed),
						TimeUnit.NANOSECONDS.toMillis(recovered - failed));
				assertThat(load.exceptions()).as("exceptions that reached a caller").isEmpty();
				assertThat(recovered).as("the policy decided after the fault").isGreaterThan(failed);
				assertThat(backend.isCircuitOpen()).as("the breaker after recovery").isFalse();
				assertThat(backend.isConnected()).isTrue();
				long failuresAtRecovery = observer.failures();
				RateLimiter after = backend.limiter("sentinel-after", LIMIT);
				assertThat(allowedOf(after, "user", 2 * LIMIT.capacity())).as("allowed of twice the capacity after")
					.isEqualTo(LIMIT.capacity());
				assertThat(observer.failures()).as("failures after recovery").isEqualTo(failuresAtRecovery);
				RedisServerProcess promotedMaster = sentinel.master();
				assertThat(promotedMaster).isNotSameAs(old);
				assertThat(exists(promotedMaster, null, StateKeys.redisKey("sentinel-after", "user")))
					.as("the key's state is on the promoted master")
					.isTrue();
			}
		}
	}

	private static RedisBackendBuilder builder(RecordingObserver observer) {
		return RedisBackend.builder().timeout(TIMEOUT).minimumTimeout(TIMEOUT).observer(observer);
	}

	/** Asks for one permit {@code attempts} times, from several threads at once, and returns how many were allowed. */
	private static long allowedOf(RateLimiter limiter, String key, long attempts) throws InterruptedException {
		AtomicLong allowed = new AtomicLong();
		AtomicLong left = new AtomicLong(attempts);
		Load load = Load.start(THREADS, (thread, iteration) -> {
			if (left.getAndDecrement() > 0 && limiter.tryAcquire(key).isAllowed()) {
				allowed.incrementAndGet();
			}
		});
		while (left.get() > 0) {
			Thread.sleep(10);
		}
		load.stop();
		assertThat(load.exceptions()).isEmpty();
		return allowed.get();
	}

	/** Returns whether a server holds state under a key, with or without an algorithm's suffix. */
	private static boolean exists(RedisServerProcess server, String password, String redisKey) {
		String uri = (password != null) ? "redis://:" + password + "@" + server.host() + ":" + server.port()
				: server.uri();
		return !RedisAdmin.keys(uri, redisKey + "*").isEmpty();
	}

}
