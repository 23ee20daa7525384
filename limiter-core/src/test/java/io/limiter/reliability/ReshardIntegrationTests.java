package io.limiter.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Slots moved between two masters with {@code redis-cli --cluster reshard}, there and back, while 16
 * threads decide on keys in exactly those slots: Lettuce follows every MOVED and ASK, no decision fails, and
 * every key stays within its limit.
 */
class ReshardIntegrationTests {

	private static final int THREADS = 16;

	private static final int MOVED_SLOTS = 64;

	private static final int KEYS = 32;

	private static final String NAME = "reshard";

	/**
	 * How long after the last slot moved the client may take to route every decision to the right node: Lettuce
	 * reloads the topology on MOVED replies at most once a second, and a starved machine stretches that reload; a
	 * client that never reloaded would be redirected for ever.
	 */
	private static final Duration SETTLE = Duration.ofSeconds(15);

	/** How long the client must go without a MOVED reply to count as settled. */
	private static final Duration QUIET = Duration.ofMillis(500);

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 20, Duration.ofSeconds(1));

	@Test
	void decisionsFollowSlotsThatMoveUnderLoad(@TempDir Path logs) throws Exception {
		RecordingObserver observer = new RecordingObserver();
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		try (RedisBackend backend = SharedPrivateCluster.connectedBackend((builder) -> builder.observer(observer))) {
			RedisServerProcess source = RedisAdmin.masterOf(cluster, 0);
			RedisServerProcess target = cluster.masters().stream().filter((master) -> master != source).findFirst()
				.orElseThrow();
			List<Integer> moving = RedisAdmin.ownSlots(source).subList(0, MOVED_SLOTS);
			List<String> keys = keysIn(moving);
			// No local tier: every decision goes to Redis. With the default block tier the exhausted keys are refused in
			// memory, about 20 calls a second per key reach Redis, and a key's short ASK window during its slot's
			// migration was often missed (0 ASK replies in one run of 53 million decisions).
			RateLimiter limiter = backend.limiter(NAME, LIMIT, LimiterOptions.builder().localTier(LocalTier.none()).build());
			Map<String, AtomicLong> allowed = new ConcurrentHashMap<>();
			keys.forEach((key) -> allowed.put(key, new AtomicLong()));
			Load load = Load.start(THREADS, (thread, iteration) -> {
				String key = keys.get(ThreadLocalRandom.current().nextInt(keys.size()));
				boolean granted = (thread % 2 == 0) ? limiter.tryAcquire(key).isAllowed()
						: limiter.tryAcquireAsync(key, 1).toCompletableFuture().get(10, TimeUnit.SECONDS).isAllowed();
				if (granted) {
					allowed.get(key).incrementAndGet();
				}
			});
			long movedBefore = RedisAdmin.errorReplies(cluster.masters(), "MOVED");
			long askedBefore = RedisAdmin.errorReplies(cluster.masters(), "ASK");
			Thread.sleep(300);
			reshard(cluster, source, target, logs);
			assertThat(RedisAdmin.ownSlots(target)).containsAll(moving);
			reshard(cluster, target, source, logs);
			assertThat(RedisAdmin.ownSlots(source)).containsAll(moving);
			long settledAfter = settle(cluster);
			long elapsed = load.stop();
			long legitimate = TokenBucketBound.mostAllowed(LIMIT, elapsed);
			long mostAllowed = allowed.values().stream().mapToLong(AtomicLong::get).max().orElseThrow();
			long leastAllowed = allowed.values().stream().mapToLong(AtomicLong::get).min().orElseThrow();
			long moved = RedisAdmin.errorReplies(cluster.masters(), "MOVED") - movedBefore;
			long asked = RedisAdmin.errorReplies(cluster.masters(), "ASK") - askedBefore;
			System.out.printf("reshard: %d decisions on %d keys in %d slots moved there and back in %d ms (%d MOVED and %d "
					+ "ASK replies followed, none for %d ms after %d ms); allowed per key %d to %d of at most %d; "
					+ "%d failures%n", load.steps(), keys.size(), MOVED_SLOTS, TimeUnit.NANOSECONDS.toMillis(elapsed),
					moved, asked, QUIET.toMillis(), settledAfter, leastAllowed, mostAllowed, legitimate,
					observer.failures());
			assertThat(load.exceptions()).isEmpty();
			assertThat(moved).as("MOVED replies").isPositive();
			assertThat(asked).as("ASK replies").isPositive();
			assertThat(settledAfter).as("%d ms without a MOVED reply within %d ms", QUIET.toMillis(), SETTLE.toMillis())
				.isNotNegative();
			assertThat(observer.failures()).as(observer.toString()).isZero();
			assertThat(mostAllowed).isLessThanOrEqualTo(legitimate);
			assertThat(leastAllowed).isGreaterThanOrEqualTo(LIMIT.capacity());
		}
	}

	/**
	 * Waits, up to {@link #SETTLE}, for a span of {@link #QUIET} in which the masters send no MOVED reply while the
	 * load goes on.
	 * @return how long it waited, in milliseconds, or -1 if no such span came
	 */
	private static long settle(LocalRedisCluster cluster) throws InterruptedException {
		long start = System.nanoTime();
		long moved = RedisAdmin.errorReplies(cluster.masters(), "MOVED");
		while (System.nanoTime() - start < SETTLE.toNanos()) {
			Thread.sleep(QUIET.toMillis());
			long now = RedisAdmin.errorReplies(cluster.masters(), "MOVED");
			if (now == moved) {
				return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
			}
			moved = now;
		}
		return -1;
	}

	/** Keys of the limit whose state lives in the given slots, spread over them. */
	private static List<String> keysIn(List<Integer> slots) {
		List<String> keys = new ArrayList<>();
		for (int i = 0; keys.size() < KEYS; i++) {
			String key = "user-" + i;
			int slot = RedisAdmin.slotOf(StateKeys.redisKey(NAME, key));
			if (slots.contains(slot) && keys.stream()
				.noneMatch((other) -> RedisAdmin.slotOf(StateKeys.redisKey(NAME, other)) == slot)) {
				keys.add(key);
			}
		}
		return keys;
	}

	/** Moves the lowest {@link #MOVED_SLOTS} slots of one master to another, as an operator does. */
	private static void reshard(LocalRedisCluster cluster, RedisServerProcess from, RedisServerProcess to, Path logs)
			throws IOException, InterruptedException {
		Path log = logs.resolve("reshard.log");
		Process process = new ProcessBuilder("redis-cli", "--cluster", "reshard", from.host() + ":" + from.port(),
				"--cluster-from", RedisAdmin.nodeId(from), "--cluster-to", RedisAdmin.nodeId(to), "--cluster-slots",
				Integer.toString(MOVED_SLOTS), "--cluster-yes")
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).as(Files.readString(log, StandardCharsets.UTF_8)).isZero();
		cluster.awaitReady();
	}

}
