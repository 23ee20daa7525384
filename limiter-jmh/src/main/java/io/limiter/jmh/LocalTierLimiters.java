package io.limiter.jmh;

import java.util.concurrent.ScheduledExecutorService;

import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.Waits;
import io.limiter.internal.local.LocalTiers;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.jmh.redis.RedisAddress;
import io.limiter.jmh.redis.RedisTarget;

/**
 * Our local tier on the benchmarks' Redis, built as {@code RedisBackend} builds it but over a
 * {@link CountingExecutor}, so that the benchmarks count the scripts it sends; with the system clock for the
 * local tier and the scripts, like {@code luaEvalSha}.
 */
final class LocalTierLimiters implements AutoCloseable {

	private final CountingExecutor executor;

	private final LocalTiers tiers;

	private final ScheduledExecutorService scheduler = LimiterThreads.newScheduler("limiter-jmh");

	private final Waits waits = new Waits(this.scheduler);

	LocalTierLimiters(RedisAddress address) {
		LettuceScriptExecutor<?> lettuce = address.isCluster()
				? RedisExecutors.cluster(address.seeds(), RedisExecutors.Settings.fixed(RedisTarget.TIMEOUT))
				: RedisExecutors.standalone(address.standalone(), RedisExecutors.Settings.fixed(RedisTarget.TIMEOUT));
		awaitConnection(lettuce);
		this.executor = new CountingExecutor(lettuce);
		this.tiers = new LocalTiers(this.executor, LimiterClock.system(), LimiterClock.system(), RedisTarget.TIMEOUT,
				this.scheduler);
	}

	private static void awaitConnection(LettuceScriptExecutor<?> lettuce) {
		try {
			if (!lettuce.awaitConnection(RedisTarget.CONNECT_WAIT)) {
				lettuce.close();
				throw new IllegalStateException(
						"no connection to the benchmarks' Redis within " + RedisTarget.CONNECT_WAIT);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	RateLimiter limiter(String name, Limit limit, LocalTier tier) {
		RedisDecisionSource redis = new RedisDecisionSource(name, limit, this.executor, LimiterClock.system(),
				RedisTarget.TIMEOUT);
		return new DefaultRateLimiter(name, limit, this.tiers.source(name, limit, tier, redis), this.waits);
	}

	/**
	 * Claims the scripts sent since the last claim.
	 * @return the calls
	 */
	int claimCalls() {
		return this.executor.claim();
	}

	@Override
	public void close() {
		this.tiers.close(RedisTarget.TIMEOUT);
		this.executor.close();
		this.waits.close();
	}

}
