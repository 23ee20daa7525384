package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cluster master killed with {@code SIGKILL} while 64 threads decide on many keys and on one hot key: its
 * replica is promoted, Lettuce follows the new topology, the failure policy decides during the gap, no
 * exception reaches a caller, and Redis decides again afterwards. The test prints how many decisions the
 * policy made and how much the hot key was over-granted during the gap.
 */
class FailoverIntegrationTests {

	private static final Duration NODE_TIMEOUT = Duration.ofMillis(500);

	private static final Duration TIMEOUT = Duration.ofMillis(200);

	private static final int THREADS = 64;

	/** The hot key's limit: a burst of 100 and 100 per second. */
	private static final Limit HOT = Limit.of(Algorithm.TOKEN_BUCKET, 100, Duration.ofSeconds(1));

	private static final Limit PER_USER = Limit.of(Algorithm.TOKEN_BUCKET, 1_000, Duration.ofSeconds(1));

	private static final String HOT_KEY = "hot";

	/**
	 * Each thread pauses this long between decisions, as a request thread does other work: without it, decisions
	 * made at once by the policy would spin the two cores of a CI machine and starve the Redis nodes.
	 */
	private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** No failure for this long, under load, counts as recovered. */
	private static final Duration QUIET = Duration.ofSeconds(1);

	/** The longest acceptable time from the kill to the last decision made by the policy. */
	private static final Duration GAP_LIMIT = Duration.ofSeconds(15);

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		cluster = RedisFixtures.startCluster(NODE_TIMEOUT);
	}

	@AfterAll
	static void stopCluster() {
		cluster.stop();
	}

	@Test
	void failOpenAllowsDuringTheGapAndRedisDecidesAgainAfterThePromotion() throws Exception {
		Outcome outcome = killTheHotMasterUnderLoad(FailurePolicy.FAIL_OPEN);
		assertThat(outcome.hotAllowedInGap).as("fail-open allows the hot key during the gap")
			.isGreaterThan(outcome.hotLegitimateInGap());
	}

	@Test
	void failClosedDeniesDuringTheGapAndNeverOverGrants() throws Exception {
		Outcome outcome = killTheHotMasterUnderLoad(FailurePolicy.FAIL_CLOSED);
		assertThat(outcome.hotAllowed).as("fail-closed: the hot key within burst + rate x elapsed over the run")
			.isLessThanOrEqualTo(outcome.hotLegitimateInRun());
	}

	private Outcome killTheHotMasterUnderLoad(FailurePolicy policy) throws Exception {
		cluster.awaitReady();
		RecordingObserver observer = new RecordingObserver();
		try (RedisBackend backend = RedisBackend.builder()
			.cluster(cluster.seedNodes())
			.timeout(TIMEOUT)
			.failurePolicy(policy)
			.observer(observer)
			.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RateLimiter hot = backend.limiter("failover-hot", HOT);
			RateLimiter perUser = backend.limiter("failover-user", PER_USER);
			AtomicLong hotAllowed = new AtomicLong();
			AtomicLong decisions = new AtomicLong();
			Load load = Load.start(THREADS, (thread, iteration) -> {
				Decision decision;
				if (iteration % 4 == 0) {
					decision = hot.tryAcquire(HOT_KEY);
					if (decision.isAllowed()) {
						hotAllowed.incrementAndGet();
					}
				}
				else {
					String user = "user-" + ThreadLocalRandom.current().nextInt(10_000);
					decision = (thread % 2 == 0) ? perUser.tryAcquire(user)
							: perUser.tryAcquireAsync(user, 1).toCompletableFuture().get(10, TimeUnit.SECONDS);
				}
				assertThat(decision).isNotNull();
				decisions.incrementAndGet();
				LockSupport.parkNanos(PAUSE_NANOS);
			});
			long started = System.nanoTime();
			Thread.sleep(1500);
			assertThat(observer.failures()).as("failures before the kill: " + observer).isZero();
			RedisServerProcess victim = RedisAdmin.masterOf(cluster,
					RedisAdmin.slotOf(StateKeys.redisKey("failover-hot", HOT_KEY)));
			long hotBeforeKill = hotAllowed.get();
			long decisionsBeforeKill = decisions.get();
			long killed = System.nanoTime();
			victim.kill();
			Thread timeline = new Thread(() -> {
				long previous = 0;
				while (!Thread.currentThread().isInterrupted()) {
					long now = observer.failures();
					System.out.printf("t+%d ms: %d failures, breaker %s%n",
							TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed), now - previous,
							backend.isCircuitOpen() ? "open" : "closed");
					previous = now;
					try {
						Thread.sleep(250);
					}
					catch (InterruptedException ex) {
						return;
					}
				}
			});
			timeline.start();
			cluster.awaitReady();
			System.out.printf("promoted at t+%d ms%n", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed));
			long promoted = System.nanoTime();
			long recovered;
			try {
				recovered = awaitQuiet(observer, killed);
			}
			finally {
				timeline.interrupt();
			}
			long hotInGap = hotAllowed.get() - hotBeforeKill;
			long decisionsInGap = decisions.get() - decisionsBeforeKill;
			long failuresAtRecovery = observer.failures();
			long hotAtRecovery = hotAllowed.get();
			long windowStart = System.nanoTime();
			Thread.sleep(1000);
			long hotInWindow = hotAllowed.get() - hotAtRecovery;
			long windowNanos = System.nanoTime() - windowStart;
			long runNanos = load.stop();
			victim.restart();
			Outcome outcome = new Outcome(hotAllowed.get(), runNanos, hotInGap, recovered - killed);
			System.out.printf("failover %s: %d decisions, %d decided by the policy (%d made between the kill and "
					+ "recovery); replica promoted %d ms and Redis deciding again %d ms after the kill; hot key "
					+ "allowed %d in the gap where burst+rate x gap = %d (over-grant %d); over the run %d allowed "
					+ "of burst+rate x %d ms = %d%n", policy, decisions.get(), failuresAtRecovery, decisionsInGap,
					TimeUnit.NANOSECONDS.toMillis(promoted - killed), TimeUnit.NANOSECONDS.toMillis(recovered - killed),
					hotInGap, HOT.capacity() + outcome.hotLegitimateInGap(),
					hotInGap - HOT.capacity() - outcome.hotLegitimateInGap(), outcome.hotAllowed,
					TimeUnit.NANOSECONDS.toMillis(runNanos), outcome.hotLegitimateInRun());
			assertThat(load.exceptions()).as("exceptions that reached a caller").isEmpty();
			assertThat(failuresAtRecovery).as("decisions made by the policy").isPositive()
				.isLessThanOrEqualTo(decisionsInGap + THREADS);
			assertThat(Duration.ofNanos(recovered - killed)).as("from the kill to the last policy decision")
				.isLessThan(GAP_LIMIT);
			assertThat(observer.failures()).as("failures after recovery").isEqualTo(failuresAtRecovery);
			assertThat(hotInWindow).as("hot key after recovery: limited by Redis again")
				.isPositive()
				.isLessThanOrEqualTo(HOT.capacity() + rateTimes(windowNanos));
			assertThat(started).isLessThan(killed);
			return outcome;
		}
	}

	/** Waits until the policy has decided nothing for {@link #QUIET} and returns the time of its last decision. */
	private static long awaitQuiet(RecordingObserver observer, long killed) throws InterruptedException {
		while (System.nanoTime() - killed < GAP_LIMIT.toNanos()) {
			long last = observer.lastFailureNanos();
			if (last != 0 && System.nanoTime() - last > QUIET.toNanos()) {
				return last;
			}
			Thread.sleep(50);
		}
		throw new AssertionError("the policy still decided " + GAP_LIMIT + " after the kill: " + observer);
	}

	private static long rateTimes(long nanos) {
		return HOT.capacity() * TimeUnit.NANOSECONDS.toMillis(nanos) / HOT.periodMillis() + 1;
	}

	private record Outcome(long hotAllowed, long runNanos, long hotAllowedInGap, long gapNanos) {

		long hotLegitimateInGap() {
			return rateTimes(this.gapNanos);
		}

		long hotLegitimateInRun() {
			return HOT.capacity() + rateTimes(this.runNanos);
		}

	}

}
