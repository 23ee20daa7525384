package io.limiter.reliability;

import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.DegradedReason;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.reliability.InstancesUnderLoad.Run;
import io.limiter.reliability.InstancesUnderLoad.SharedKey;
import io.limiter.testsupport.LinkProxy;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.PrivateRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis that stops answering without going away, while three instances with default settings decide on one hot key:
 * the key's master paused ({@code CLIENT PAUSE}) for less than the cluster's node timeout, so that no replica takes
 * over; and one instance cut off from a standalone server by a {@link LinkProxy} while the other two keep it.
 * No exception reaches a caller, the instances stay within the bound, every decision comes back within the
 * timeout, and each one the policy made is heard with its reason: calls that heard nothing, then the breaker.
 */
class PauseAndPartitionIntegrationTests {

	/** A burst of 10 and 20 per second, as an API's per-client limit. */
	private static final SharedKey HOT = new SharedKey("unanswered",
			Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMillis(500)), "hot");

	/** Shorter than the node timeout, longer than the shortest deadline of a call. */
	private static final Duration PAUSE = PrivateRedisCluster.DEFAULT_NODE_TIMEOUT.multipliedBy(3).dividedBy(4);

	private static final Duration CUT_OFF = Duration.ofSeconds(3);

	private static final Set<DegradedReason> UNANSWERED = Set.of(DegradedReason.TIMEOUT, DegradedReason.CIRCUIT_OPEN,
			DegradedReason.CONNECTION);

	@Test
	void aMasterPausedForLessThanTheNodeTimeoutLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		int slot = RedisAdmin.slotOf(StateKeys.of(InstancesUnderLoad.NAMESPACE).stateKey(HOT.name(), HOT.key()));
		RedisServerProcess master = RedisAdmin.masterOf(cluster, slot);
		try (InstancesUnderLoad instances = InstancesUnderLoad
			.start((instance) -> RedisBackend.builder().cluster(cluster.seedNodes()))) {
			Run run = instances.run(Duration.ofSeconds(8), () -> {
				master.command("CLIENT", "PAUSE", Long.toString(PAUSE.toMillis()));
				Thread.sleep(PAUSE.toMillis());
			}, HOT);
			System.out.println("master paused for " + PAUSE.toMillis() + " ms: " + run.outcome() + "; reasons "
					+ instances.reasons(HOT.name()));
			instances.assertNeverUnlimited(run, 0);
			assertThat(RedisAdmin.masterOf(cluster, slot)).as("no failover").isSameAs(master);
			assertThat(instances.reasons(HOT.name()).keySet()).isSubsetOf(UNANSWERED);
			assertThat(run.outcome().redisAllowedAfterFault()).as("Redis decides again: %s", run.outcome())
				.isPositive();
		}
	}

	@Test
	void oneInstanceCutOffFromRedisLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				LinkProxy link = LinkProxy.to(redis);
				InstancesUnderLoad instances = InstancesUnderLoad.start((instance) -> RedisBackend.builder()
					.standalone((instance == 0) ? link.redisUri() : redis.uri()))) {
			Run run = instances.run(Duration.ofSeconds(10), () -> {
				link.sever();
				Thread.sleep(CUT_OFF.toMillis());
				link.heal();
			}, HOT);
			System.out.println("one instance cut off for " + CUT_OFF.toMillis() + " ms: " + run.outcome()
					+ "; reasons " + instances.reasons(0, HOT.name()) + " on the instance cut off, "
					+ instances.reasons(1, HOT.name()) + " and " + instances.reasons(2, HOT.name()) + " on the others");
			instances.assertNeverUnlimited(run, 0);
			assertThat(instances.reasons(0, HOT.name())).as("the instance cut off").isNotEmpty();
			assertThat(instances.reasons(0, HOT.name()).keySet()).isSubsetOf(UNANSWERED);
			assertThat(instances.reasons(1, HOT.name())).as("an instance that keeps Redis").isEmpty();
			assertThat(instances.reasons(2, HOT.name())).as("an instance that keeps Redis").isEmpty();
			assertThat(instances.backend(0).limiter(HOT.name(), HOT.limit()).tryAcquire("after").isDegraded())
				.as("Redis decides again for the instance cut off").isFalse();
		}
	}

}
