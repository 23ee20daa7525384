package io.limiter.jmh;

import java.util.Arrays;
import java.util.stream.Stream;

import io.lettuce.core.cluster.SlotHash;
import io.limiter.Algorithm;
import io.limiter.internal.benchmark.BenchmarkAccess;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The peers' keys land on the slots of ours, key by key, so that no variant of the Redis benchmark gets a luckier
 * spread of the hot keys over the masters of a cluster than another.
 */
class PeerKeyPlacementTests {

	@Test
	void everyPeerKeyIsOnTheSlotOfOurKeyOfTheSameKey() {
		Stream<String> keys = Stream.concat(
				Stream.of(Scenario.HOT_KEY.key("", 0), Scenario.PER_USER.key("", 3), Scenario.PER_USER.key("", 15)),
				Arrays.stream(Scenario.MANY_KEYS.allKeys("")).limit(1000));
		keys.forEach((key) -> {
			String ours = BenchmarkAccess.decisionKeys(Algorithm.TOKEN_BUCKET, RedisBenchmarkState.LIMIT_NAME, key)[0];
			String peer = RedisBenchmarkState.besideOurs(key, "bucket4j");
			assertThat(SlotHash.getSlot(peer)).as(key).isEqualTo(SlotHash.getSlot(ours));
			assertThat(peer).isNotEqualTo(ours).isNotEqualTo(RedisBenchmarkState.besideOurs(key, "bucket4j-optimized"));
		});
	}

}
