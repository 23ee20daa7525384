package io.limiter.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.PrivateRedisCluster;
import io.limiter.testsupport.RedisNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cluster master killed with {@code SIGKILL} while 64 threads decide on many keys and on one hot key: its
 * replica is promoted, Lettuce follows the new topology, the failure policy decides during the gap, no
 * exception reaches a caller, and Redis decides again afterwards. The test prints how many decisions the
 * policy made and how much the hot key was over-granted during the gap. A subclass starts the cluster: of
 * processes ({@link FailoverIntegrationTests}) or of containers ({@link FailoverInDockerIntegrationTests}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ClusterFailoverContract {

	private static final Duration NODE_TIMEOUT = Duration.ofMillis(500);

	private static final Duration TIMEOUT = Duration.ofMillis(500);

	private static final int THREADS = 64;

	/** The hot key's limit: a burst of 100 and 100 per second. */
	private static final Limit HOT = Limit.of(Algorithm.TOKEN_BUCKET, 100, Duration.ofSeconds(1));

	private static final Limit PER_USER = Limit.of(Algorithm.TOKEN_BUCKET, 1_000, Duration.ofSeconds(1));

	private static final String HOT_KEY = "hot";

	/** Users on the killed master, and users on the others. */
	private static final int USERS = 1_000;

	/**
	 * Each thread pauses this long between decisions, as a request thread does other work: without it, decisions
	 * made at once by the policy would spin the two cores of a CI machine and starve the Redis nodes.
	 */
	private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	/** No failure for this long, under load, counts as recovered. */
	private static final Duration QUIET = Duration.ofSeconds(1);

	/** The longest acceptable time from the kill to the last decision made by the policy. */
	private static final Duration GAP_LIMIT = Duration.ofSeconds(15);

	private PrivateRedisCluster<?> cluster;

	/**
	 * Starts the private cluster of the kind under test.
	 * @param nodeTimeout the nodes' {@code cluster-node-timeout}
	 * @return the running cluster
	 */
	abstract PrivateRedisCluster<?> start(Duration nodeTimeout);

	@BeforeAll
	void startCluster() {
		this.cluster = start(NODE_TIMEOUT);
	}

	@AfterAll
	void stopCluster() {
		this.cluster.stop();
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
		this.cluster.awaitReady();
		RecordingObserver observer = new RecordingObserver();
		try (RedisBackend backend = RedisBackend.builder()
			.cluster(this.cluster.seedNodes())
			.timeout(TIMEOUT)
			.minimumTimeout(TIMEOUT)
			.failurePolicy(policy)
			.observer(observer)
			.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RedisNode victim = RedisAdmin.masterOf(this.cluster,
					RedisAdmin.slotOf(StateKeys.redisKey("failover-hot", HOT_KEY)));
			List<Integer> victimSlots = RedisAdmin.ownSlots(victim);
			RateLimiter hot = backend.limiter("failover-hot", HOT);
			RateLimiter near = backend.limiter("failover-near", PER_USER);
			RateLimiter far = backend.limiter("failover-far", PER_USER);
			List<String> nearUsers = users(near.name(), (slot) -> victimSlots.contains(slot));
			List<String> farUsers = users(far.name(), (slot) -> !victimSlots.contains(slot));
			AtomicLong hotAllowed = new AtomicLong();
			AtomicLong decisions = new AtomicLong();
			Load load = Load.start(THREADS, (thread, iteration) -> {
				Decision decision = switch ((int) (iteration % 4)) {
					case 0 -> hot.tryAcquire(HOT_KEY);
					case 1 -> near.tryAcquire(nearUsers.get(ThreadLocalRandom.current().nextInt(USERS)));
					default -> far.tryAcquireAsync(farUsers.get(ThreadLocalRandom.current().nextInt(USERS)), 1)
						.toCompletableFuture()
						.get(10, TimeUnit.SECONDS);
				};
				if (iteration % 4 == 0 && decision.isAllowed()) {
					hotAllowed.incrementAndGet();
				}
				decisions.incrementAndGet();
				LockSupport.parkNanos(PAUSE_NANOS);
			});
			Thread.sleep(QUIET.toMillis());
			observer.awaitQuiet(System.nanoTime(), QUIET, GAP_LIMIT);
			long failuresBeforeKill = observer.failures();
			long[] perLimitBeforeKill = { observer.failures(hot.name()), observer.failures(near.name()),
					observer.failures(far.name()) };
			long hotBeforeKill = hotAllowed.get();
			long decisionsBeforeKill = decisions.get();
			long killed = System.nanoTime();
			victim.kill();
			this.cluster.awaitReady();
			long promoted = System.nanoTime();
			long recovered = observer.awaitQuiet(killed, QUIET, GAP_LIMIT);
			assertThat(recovered).as("the policy decided after the kill").isGreaterThan(killed);
			long hotInGap = hotAllowed.get() - hotBeforeKill;
			long decisionsInGap = decisions.get() - decisionsBeforeKill;
			long failuresAtRecovery = observer.failures();
			long affected = failuresAtRecovery - failuresBeforeKill;
			long hotAtRecovery = hotAllowed.get();
			long windowStart = System.nanoTime();
			Thread.sleep(1000);
			long hotInWindow = hotAllowed.get() - hotAtRecovery;
			long windowNanos = System.nanoTime() - windowStart;
			long runNanos = load.stop();
			victim.restart();
			Outcome outcome = new Outcome(hotAllowed.get(), runNanos, hotInGap, recovered - killed);
			System.out.printf("failover %s: %d decisions, %d decided by the policy (hot key %d, other keys of the "
					+ "killed master %d, keys of the other masters %d) of %d made between the kill and recovery; "
					+ "replica promoted %d ms and Redis deciding again %d ms after the kill; hot key allowed %d in the "
					+ "gap where burst + rate x gap = %d (over-grant %d); over the run %d allowed where burst + rate x "
					+ "%d ms = %d%n", policy, decisions.get(), affected,
					observer.failures(hot.name()) - perLimitBeforeKill[0],
					observer.failures(near.name()) - perLimitBeforeKill[1],
					observer.failures(far.name()) - perLimitBeforeKill[2], decisionsInGap,
					TimeUnit.NANOSECONDS.toMillis(promoted - killed), TimeUnit.NANOSECONDS.toMillis(recovered - killed),
					hotInGap, HOT.capacity() + outcome.hotLegitimateInGap(),
					hotInGap - HOT.capacity() - outcome.hotLegitimateInGap(), outcome.hotAllowed,
					TimeUnit.NANOSECONDS.toMillis(runNanos), outcome.hotLegitimateInRun());
			assertThat(load.exceptions()).as("exceptions that reached a caller").isEmpty();
			assertThat(affected).as("decisions made by the policy").isPositive()
				.isLessThanOrEqualTo(decisionsInGap + THREADS);
			assertThat(Duration.ofNanos(recovered - killed)).as("from the kill to the last policy decision")
				.isLessThan(GAP_LIMIT);
			assertThat(observer.failures()).as("failures after recovery").isEqualTo(failuresAtRecovery);
			assertThat(hotInWindow).as("hot key after recovery: limited by Redis again")
				.isPositive()
				.isLessThanOrEqualTo(TokenBucketBound.mostAllowed(HOT, windowNanos));
			return outcome;
		}
	}

	/** Users of a limit whose state lives in the slots that a filter accepts. */
	private static List<String> users(String limitName, IntPredicate slots) {
		List<String> users = new ArrayList<>();
		for (int i = 0; users.size() < USERS; i++) {
			if (slots.test(RedisAdmin.slotOf(StateKeys.redisKey(limitName, "user-" + i)))) {
				users.add("user-" + i);
			}
		}
		return users;
	}

	private record Outcome(long hotAllowed, long runNanos, long hotAllowedInGap, long gapNanos) {

		long hotLegitimateInGap() {
			return TokenBucketBound.refill(HOT, this.gapNanos);
		}

		long hotLegitimateInRun() {
			return TokenBucketBound.mostAllowed(HOT, this.runNanos);
		}

	}

}
