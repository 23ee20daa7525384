package io.limiter.reliability;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.DegradedReason;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.reliability.InstancesUnderLoad.Run;
import io.limiter.reliability.InstancesUnderLoad.SharedKey;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The slot of a hot key moved to another master, by the {@code CLUSTER SETSLOT} and {@code MIGRATE} steps that
 * {@code redis-cli --cluster reshard} runs, while three instances with default settings decide on it. A limit of
 * one rate has one key, which Redis serves on one side or the other, redirecting with {@code ASK}. A limit of
 * several rates has a key per rate under one hash tag: between the {@code MIGRATE} of one and of the other they are
 * split, and Redis answers {@code TRYAGAIN} to a script that needs both. {@code redis-cli} moves a slot's keys in
 * batches of 10, so two keys of one tag can be split for the time of one batch; this test holds them apart for a
 * second, so that the decisions made meanwhile can be counted: they are decided by the failure policy, and open no
 * circuit breaker, since the node answers. No exception reaches a caller, the instances stay within the bound, every
 * decision comes back within the timeout, and every decision by the policy is heard with its reason.
 */
class SlotMigrationIntegrationTests {

	/** A burst of 10 and 20 per second. */
	private static final Limit ONE_RATE = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMillis(500));

	/** The same, and at most 40 per 5 seconds. */
	private static final SharedKey SEVERAL_RATES = new SharedKey("migrated-rates",
			Limit.builder(Algorithm.TOKEN_BUCKET).rate(10, Duration.ofMillis(500))
				.rate(40, Duration.ofSeconds(5)).build(),
			"hot");

	/** How long the keys of one tag stay on two masters. */
	private static final Duration SPLIT = Duration.ofSeconds(1);

	/**
	 * The key of one rate lives on the master of the split keys until its own slot moves after theirs: what Redis
	 * answers for the split keys must not stop the calls for it.
	 */
	@Test
	void slotsMovedUnderLoadLetNoExceptionThroughAndStayWithinTheBound() throws Exception {
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		SharedKey oneRate = keyOnTheMasterOf(SEVERAL_RATES, cluster);
		try (InstancesUnderLoad instances = InstancesUnderLoad
			.start((instance) -> RedisBackend.builder().cluster(cluster.seedNodes()))) {
			Run run = instances.run(Duration.ofSeconds(10), () -> {
				List<String> split = migrate(cluster, slotOf(SEVERAL_RATES));
				assertThat(split).as("the keys of the several rates, moved one by one").hasSize(2);
				migrate(cluster, slotOf(oneRate));
			}, oneRate, SEVERAL_RATES);
			for (SharedKeyOutcome outcome : run.outcomes()) {
				System.out.println("slot migration: " + outcome + "; reasons " + instances.reasons(outcome.name()));
			}
			String firstError = instances.firstFailure(DegradedReason.ERROR);
			System.out.println("slot migration: the first error was " + firstError);
			instances.assertNeverUnlimited(run, 0);
			for (SharedKeyOutcome outcome : run.outcomes()) {
				assertThat(outcome.redisAllowedAfterFault()).as("Redis decides again: %s", outcome).isPositive();
				assertThat(instances.reasons(outcome.name())).as("no breaker opened for %s", outcome.name())
					.doesNotContainKey(DegradedReason.CIRCUIT_OPEN);
			}
			assertThat(instances.reasons(oneRate.name())).as("one key is never split").doesNotContainKey(
					DegradedReason.ERROR);
			assertThat(instances.reasons(SEVERAL_RATES.name())).containsKey(DegradedReason.ERROR);
			assertThat(firstError).contains("TRYAGAIN");
		}
	}

	/** Returns a key of the one-rate limit whose slot has the same master as a shared key's. */
	private static SharedKey keyOnTheMasterOf(SharedKey shared, LocalRedisCluster cluster) {
		RedisServerProcess master = RedisAdmin.masterOf(cluster, slotOf(shared));
		List<Integer> slots = RedisAdmin.ownSlots(master);
		for (int i = 0;; i++) {
			SharedKey key = new SharedKey("migrated", ONE_RATE, "hot-" + i);
			if (slots.contains(slotOf(key)) && slotOf(key) != slotOf(shared)) {
				return key;
			}
		}
	}

	private static int slotOf(SharedKey key) {
		return RedisAdmin.slotOf(StateKeys.of(InstancesUnderLoad.NAMESPACE).stateKey(key.name(), key.key()));
	}

	/**
	 * Moves a slot to another master key by key, {@link #SPLIT} apart, and returns the keys it moved.
	 */
	private static List<String> migrate(LocalRedisCluster cluster, int slot) throws InterruptedException {
		RedisServerProcess source = RedisAdmin.masterOf(cluster, slot);
		RedisServerProcess target = cluster.masters().stream().filter((master) -> master != source).findFirst()
			.orElseThrow();
		String sourceId = RedisAdmin.nodeId(source);
		String targetId = RedisAdmin.nodeId(target);
		String slotNumber = Integer.toString(slot);
		target.command("CLUSTER", "SETSLOT", slotNumber, "IMPORTING", sourceId);
		source.command("CLUSTER", "SETSLOT", slotNumber, "MIGRATING", targetId);
		List<String> keys = RedisAdmin.call(source.uri(), (commands) -> commands.clusterGetKeysInSlot(slot, 100));
		for (int i = 0; i < keys.size(); i++) {
			if (i > 0) {
				Thread.sleep(SPLIT.toMillis());
			}
			source.command("MIGRATE", target.host(), Integer.toString(target.port()), keys.get(i), "0", "5000");
		}
		target.command("CLUSTER", "SETSLOT", slotNumber, "NODE", targetId);
		source.command("CLUSTER", "SETSLOT", slotNumber, "NODE", targetId);
		for (RedisServerProcess master : cluster.masters()) {
			if (master != source && master != target) {
				master.command("CLUSTER", "SETSLOT", slotNumber, "NODE", targetId);
			}
		}
		cluster.awaitReady();
		return keys;
	}

}
