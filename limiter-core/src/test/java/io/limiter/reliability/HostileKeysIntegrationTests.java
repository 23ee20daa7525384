package io.limiter.reliability;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.contract.ManualClock;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keys that strangers choose: empty, 64 KB long, Unicode, with braces, CR/LF or NUL, decided exactly on a
 * cluster, each in the slot of its own hash tag and with a short Redis key; and a million distinct keys that
 * cannot grow the heap past the configured maximum.
 */
class HostileKeysIntegrationTests {

	private static final String NAME = "hostile";

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofMinutes(1));

	/** The longest Redis key Limiter may write for this limit: prefix, name, a hashed key and a suffix. */
	private static final int LONGEST_REDIS_KEY = "limiter:{hostile:}:tb".length() + StateKeys.MAX_PLAIN_LENGTH;

	private static final int STRANGERS = 1_000_000;

	@Test
	void everyHostileKeyIsDecidedExactlyInTheSlotOfItsOwnHashTag() throws Exception {
		Map<String, String> keys = hostileKeys();
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		try (RedisBackend backend = SharedPrivateCluster
			.connectedBackend((builder) -> builder.clientClock(new ManualClock()))) {
			RateLimiter limiter = backend.limiter(NAME, LIMIT);
			keys.forEach((description, key) -> {
				for (int i = 0; i < LIMIT.capacity(); i++) {
					assertThat(limiter.tryAcquire(key).remaining()).as(description).isEqualTo(LIMIT.capacity() - 1 - i);
				}
				assertThat(limiter.tryAcquire(key).isAllowed()).as(description).isFalse();
			});
			List<String> stored = new ArrayList<>();
			for (RedisServerProcess master : cluster.masters()) {
				List<String> onMaster = RedisAdmin.keys(master.uri(), "limiter:{" + NAME + ":*");
				List<Integer> ownSlots = RedisAdmin.ownSlots(master);
				for (String redisKey : onMaster) {
					long slot = RedisAdmin.call(master.uri(), (commands) -> commands.clusterKeyslot(redisKey));
					assertThat(ownSlots).as(redisKey).contains((int) slot);
				}
				stored.addAll(onMaster);
			}
			assertThat(stored).as("one Redis key per user key").hasSize(keys.size());
			for (String redisKey : stored) {
				assertThat(redisKey.getBytes(StandardCharsets.UTF_8).length).as(redisKey)
					.isLessThanOrEqualTo(LONGEST_REDIS_KEY);
				assertThat(redisKey.chars().filter((c) -> c == '{').count()).as(redisKey).isOne();
				assertThat(redisKey.chars().filter((c) -> c == '}').count()).as(redisKey).isOne();
			}
			for (Map.Entry<String, String> key : keys.entrySet()) {
				String redisKey = StateKeys.redisKey(NAME, key.getValue()) + ":tb";
				String hashTag = NAME + ":" + StateKeys.encode(key.getValue());
				assertThat(stored).as(key.getKey()).contains(redisKey);
				String anyNode = cluster.masters().get(0).uri();
				long slot = RedisAdmin.call(anyNode, (commands) -> commands.clusterKeyslot(redisKey));
				long tagSlot = RedisAdmin.call(anyNode, (commands) -> commands.clusterKeyslot(hashTag));
				assertThat(slot).as(key.getKey() + ": the slot of {" + hashTag + "}").isEqualTo(tagSlot);
			}
		}
	}

	@Test
	void aMillionStrangersCannotGrowTheHeapPastTheMaximumKeys() {
		long baseline = heapAfterGc();
		InMemoryBackend bounded = InMemoryBackend.builder().maximumKeysPerLimit(10_000).build();
		assertThat(allowedStrangers(bounded.limiter("strangers", LIMIT)))
			.as("every stranger's first permit, the map of 10,000 making room by evicting the states that owe least")
			.isEqualTo(STRANGERS);
		long boundedGrowth = heapAfterGc() - baseline;
		bounded.close();
		baseline = heapAfterGc();
		InMemoryBackend unbounded = InMemoryBackend.builder().maximumKeysPerLimit(STRANGERS).build();
		assertThat(allowedStrangers(unbounded.limiter("strangers", LIMIT))).isEqualTo(STRANGERS);
		long unboundedGrowth = heapAfterGc() - baseline;
		System.out.printf("a million strangers: heap grew %d KB with at most 10,000 keys kept, %d KB with all "
				+ "kept%n", boundedGrowth / 1024, unboundedGrowth / 1024);
		assertThat(boundedGrowth).as("heap growth with at most 10,000 keys").isLessThan(16L << 20);
		assertThat(unboundedGrowth).as("heap growth with a million keys: the ceiling above would catch it")
			.isGreaterThan(16L << 20);
		unbounded.close();
	}

	private static long allowedStrangers(RateLimiter limiter) {
		long allowed = 0;
		for (int i = 0; i < STRANGERS; i++) {
			allowed += limiter.tryAcquire("stranger-" + i).isAllowed() ? 1 : 0;
		}
		return allowed;
	}

	private static long heapAfterGc() {
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		for (int i = 0; i < 3; i++) {
			System.gc();
		}
		return memory.getHeapMemoryUsage().getUsed();
	}

	private static Map<String, String> hostileKeys() {
		Map<String, String> keys = new LinkedHashMap<>();
		keys.put("empty", "");
		keys.put("64 KB", "k".repeat(64 * 1024));
		keys.put("129 characters", "k".repeat(StateKeys.MAX_PLAIN_LENGTH + 1));
		keys.put("Unicode", "ключ-鍵-ü");
		keys.put("emoji (surrogate pairs)", "\uD83D\uDD11");
		keys.put("open brace", "{");
		keys.put("close brace", "}");
		keys.put("a hash tag of its own", "{other}");
		keys.put("the tag of another limit", "x}{other:y");
		keys.put("reversed braces", "}{");
		keys.put("CR/LF", "line\r\nbreak");
		keys.put("NUL", "nul\u0000byte");
		keys.put("hash sign", "#");
		keys.put("what a hashed key looks like", "#" + StateKeys.encode("{"));
		keys.put("a glob", "*");
		keys.put("plain", "other");
		return keys;
	}

}
