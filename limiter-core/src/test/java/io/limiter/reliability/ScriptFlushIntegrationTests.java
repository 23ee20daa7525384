package io.limiter.reliability;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.lettuce.core.FlushMode;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code SCRIPT FLUSH} on every node of a cluster, again and again, while 16 threads decide: every
 * {@code NOSCRIPT} is healed by EVAL without the caller or the failure policy seeing it, and the hot key stays
 * within its limit.
 */
class ScriptFlushIntegrationTests {

	private static final int THREADS = 16;

	private static final Limit HOT = Limit.of(Algorithm.TOKEN_BUCKET, 50, Duration.ofSeconds(1));

	private static final Limit PER_USER = Limit.of(Algorithm.TOKEN_BUCKET, 1_000, Duration.ofSeconds(1));

	private static final int FLUSHES = 15;

	@Test
	void flushingEveryNodeUnderLoadFailsNoDecision() throws Exception {
		RecordingObserver observer = new RecordingObserver();
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		try (RedisBackend backend = SharedPrivateCluster.connectedBackend((builder) -> builder.observer(observer))) {
			RateLimiter hot = backend.limiter("flush-hot", HOT);
			RateLimiter perUser = backend.limiter("flush-user", PER_USER);
			AtomicLong hotAllowed = new AtomicLong();
			long noScriptBefore = RedisAdmin.errorReplies(cluster.nodes(), "NOSCRIPT");
			Load load = Load.start(THREADS, (thread, iteration) -> {
				if (iteration % 2 == 0) {
					hotAllowed.addAndGet(hot.tryAcquire("hot").isAllowed() ? 1 : 0);
				}
				else {
					perUser.tryAcquireAsync("user-" + ThreadLocalRandom.current().nextInt(1_000), 1)
						.toCompletableFuture()
						.get(10, TimeUnit.SECONDS);
				}
			});
			for (int i = 0; i < FLUSHES; i++) {
				Thread.sleep(150);
				for (RedisServerProcess node : cluster.nodes()) {
					RedisAdmin.call(node.uri(), (commands) -> commands.scriptFlush(FlushMode.SYNC));
				}
			}
			Thread.sleep(150);
			long elapsed = load.stop();
			long healed = RedisAdmin.errorReplies(cluster.nodes(), "NOSCRIPT") - noScriptBefore;
			long legitimate = TokenBucketBound.mostAllowed(HOT, elapsed);
			System.out.printf("script flush: %d decisions, %d NOSCRIPT replies healed, hot key allowed %d of at most "
					+ "%d, %d failures%n", load.steps(), healed, hotAllowed.get(), legitimate, observer.failures());
			assertThat(load.exceptions()).isEmpty();
			assertThat(observer.failures()).as(observer.toString()).isZero();
			assertThat(healed).as("NOSCRIPT replies, each healed by EVAL").isGreaterThanOrEqualTo(FLUSHES);
			assertThat(hotAllowed.get()).isLessThanOrEqualTo(legitimate).isGreaterThanOrEqualTo(HOT.capacity());
		}
	}

}
