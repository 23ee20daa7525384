package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.reliability.InstancesUnderLoad.Run;
import io.limiter.reliability.InstancesUnderLoad.SharedKey;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Never unlimited" with default settings: three backends, each with its own clients as three instances of a
 * service would have, share one hot key under load from many threads, and built with nothing but where Redis is and
 * the service's namespace, as the starter builds them for a named application.
 * The sum of what they allow stays within the limit's budget ({@code capacity + rate x duration}) plus the bound
 * that the documentation states for decisions made without Redis:
 * <ul>
 * <li>Redis' own grants are exact, but a failover may lose the writes the promoted replica had not received, and
 * a restarted standalone server has lost its state: at most one burst ({@code capacity}) per such event;</li>
 * <li>the local fallback of each instance grants at most its share, {@code ceil(capacity / instances)}, as a
 * burst plus its refill for as long as it decides: {@code instances x share x (1 + degraded time / period)}.</li>
 * </ul>
 * With no fault, decisions made by the failure policy stay rare on a saturated machine; after a master's
 * {@code SIGKILL}, or a standalone server stopped for 2 s, no exception reaches a caller, every decision comes back
 * within the timeout, and each one the policy made is heard with its reason.
 */
class DefaultsUnderFaultsIntegrationTests {

	/** A burst of 10 and 20 per second, as an API's per-client limit. */
	private static final SharedKey HOT = new SharedKey("defaults",
			Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMillis(500)), "hot");

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		cluster = RedisFixtures.startCluster(LocalRedisCluster.DEFAULT_NODE_TIMEOUT);
	}

	@AfterAll
	static void stopCluster() {
		cluster.stop();
	}

	@Test
	void threeInstancesWithDefaultsStayWithinTheBudgetUnderLoad() throws Exception {
		try (InstancesUnderLoad instances = onCluster()) {
			Run run = instances.run(Duration.ofSeconds(8), null, HOT);
			SharedKeyOutcome outcome = run.outcome();
			System.out.println("defaults, no fault: " + outcome + "; reasons " + instances.reasons(HOT.name()));
			instances.assertNeverUnlimited(run, 0);
			assertThat(outcome.degraded()).as("decisions made by the failure policy: %s", outcome)
				.isLessThan(outcome.decisions() / 20);
			assertThat(outcome.allowed()).as("the limit is used, not starved: %s", outcome)
				.isGreaterThanOrEqualTo(outcome.budget() / 2);
		}
	}

	@Test
	void aMasterKilledMidRunLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		int slot = RedisAdmin.slotOf(StateKeys.of(InstancesUnderLoad.NAMESPACE).stateKey(HOT.name(), HOT.key()));
		RedisServerProcess owner = RedisAdmin.masterOf(cluster, slot);
		AtomicLong promotedAfter = new AtomicLong(-1);
		try (InstancesUnderLoad instances = onCluster()) {
			Run run = instances.run(Duration.ofSeconds(10), () -> {
				long killed = System.nanoTime();
				owner.kill();
				promotedAfter.set(awaitPromotion(slot, killed));
			}, HOT);
			System.out.println("defaults, master SIGKILL: " + run.outcome() + "; replica promoted " + promotedAfter
					+ " ms after the kill; reasons " + instances.reasons(HOT.name()));
			instances.assertNeverUnlimited(run, 1);
			assertThat(run.outcome().redisAllowedAfterFault()).as("Redis decides again after the failover: %s",
					run.outcome()).isPositive();
		}
	}

	@Test
	void aStandaloneServerStoppedForTwoSecondsLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				InstancesUnderLoad instances = InstancesUnderLoad
					.start((instance) -> RedisBackend.builder().standalone(redis.uri()))) {
			Run run = instances.run(Duration.ofSeconds(8), () -> {
				redis.kill();
				LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
				redis.restart();
			}, HOT);
			System.out.println("defaults, standalone down for 2 s: " + run.outcome() + "; reasons "
					+ instances.reasons(HOT.name()));
			instances.assertNeverUnlimited(run, 1);
			assertThat(run.outcome().redisAllowedAfterFault()).as("Redis decides again after the restart: %s",
					run.outcome()).isPositive();
		}
	}

	/** Waits until a live master serves the slot, and returns how long after the kill that was. */
	private static long awaitPromotion(int slot, long killedNanos) {
		long deadline = killedNanos + TimeUnit.SECONDS.toNanos(30);
		while (System.nanoTime() < deadline) {
			try {
				RedisAdmin.masterOf(cluster, slot);
				return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNanos);
			}
			catch (RuntimeException ex) {
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
			}
		}
		throw new IllegalStateException("no replica was promoted for slot " + slot);
	}

	private static InstancesUnderLoad onCluster() throws InterruptedException {
		return InstancesUnderLoad.start((instance) -> RedisBackend.builder().cluster(cluster.seedNodes()));
	}

}
