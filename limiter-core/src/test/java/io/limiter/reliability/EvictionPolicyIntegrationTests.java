package io.limiter.reliability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.LogCapture;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Redis that may evict Limiter's keys (a {@code maxmemory} with a policy other than {@code noeviction}: every key
 * of Limiter has a TTL, so {@code volatile-*} evicts them too) is warned of once at connection and kept for the
 * health; a safe one is not; a server that does not let Limiter read its configuration is said at INFO.
 */
class EvictionPolicyIntegrationTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 5, Duration.ofMinutes(1));

	@Test
	void aServerThatMayEvictLimiterKeysIsWarnedOfOnce() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone("--maxmemory", "100mb", "--maxmemory-policy",
				"volatile-lru");
				LogCapture log = new LogCapture();
				RedisBackend backend = connected(RedisBackend.builder().standalone(redis.uri()))) {
			List<String> warnings = awaitWarnings(backend);
			assertThat(warnings).singleElement()
				.satisfies((warning) -> assertThat(warning).contains("standalone 127.0.0.1:" + redis.port())
					.contains("maxmemory-policy volatile-lru with maxmemory 104857600 bytes")
					.contains("Set maxmemory-policy noeviction"));
			assertThat(log.lines()).containsExactly("WARNING " + warnings.get(0));
		}
	}

	@Test
	void aServerThatNeverEvictsIsNotWarnedOf() throws Exception {
		try (RedisServerProcess noEviction = RedisFixtures.startStandalone("--maxmemory", "100mb",
				"--maxmemory-policy", "noeviction");
				RedisServerProcess noMaxmemory = RedisFixtures.startStandalone("--maxmemory-policy", "allkeys-lru");
				LogCapture log = new LogCapture()) {
			for (RedisServerProcess redis : List.of(noEviction, noMaxmemory)) {
				try (RedisBackend backend = connected(RedisBackend.builder().standalone(redis.uri()))) {
					decide(backend);
					assertThat(backend.configurationWarnings()).as(redis.toString()).isEmpty();
				}
			}
			assertThat(log.lines()).isEmpty();
		}
	}

	@Test
	void aServerWhoseAclDeniesConfigIsSaidAtInfoAndStillDecides() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone("--maxmemory", "100mb", "--maxmemory-policy",
				"allkeys-lru"); LogCapture log = new LogCapture()) {
			redis.command("ACL", "SETUSER", "limiter", "on", ">s3cret", "~*", "+@all", "-config");
			String url = "redis://limiter:s3cret@127.0.0.1:" + redis.port();
			try (RedisBackend backend = connected(RedisBackend.builder().standalone(url))) {
				assertThat(decide(backend)).isEqualTo(LIMIT.capacity() - 1);
				assertThat(backend.configurationWarnings()).isEmpty();
			}
			assertThat(log.lines()).singleElement()
				.satisfies((line) -> assertThat(line).startsWith("INFO Cannot check that Redis standalone 127.0.0.1:")
					.contains("NOPERM")
					.contains("make sure that its maxmemory-policy is noeviction"));
		}
	}

	@Test
	void everyMasterOfAClusterIsChecked() throws Exception {
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		RedisServerProcess evicting = cluster.masters().get(1);
		evicting.command("CONFIG", "SET", "maxmemory", "1gb", "maxmemory-policy", "allkeys-lfu");
		try (RedisBackend backend = connected(RedisBackend.builder().cluster(cluster.seedNodes()))) {
			assertThat(awaitWarnings(backend)).singleElement()
				.satisfies((warning) -> assertThat(warning).startsWith("Redis 127.0.0.1:" + evicting.port() + " has")
					.contains("maxmemory-policy allkeys-lfu with maxmemory 1073741824 bytes"));
		}
		finally {
			evicting.command("CONFIG", "SET", "maxmemory", "0", "maxmemory-policy", "noeviction");
		}
	}

	private static RedisBackend connected(RedisBackendBuilder builder) throws InterruptedException {
		RedisBackend backend = builder.timeout(Duration.ofSeconds(2)).minimumTimeout(Duration.ofSeconds(2)).build();
		assertThat(backend.awaitConnection(Duration.ofSeconds(10))).as(backend.toString()).isTrue();
		return backend;
	}

	/**
	 * Decides once: on a standalone connection the configuration was read before this call was sent, so its answer
	 * has come and been checked once this one has.
	 */
	private static long decide(RedisBackend backend) {
		return backend.limiter("checked", LIMIT).tryAcquire("k-" + System.nanoTime()).remaining();
	}

	private static List<String> awaitWarnings(RedisBackend backend) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (backend.configurationWarnings().isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(20);
		}
		return backend.configurationWarnings();
	}

}
