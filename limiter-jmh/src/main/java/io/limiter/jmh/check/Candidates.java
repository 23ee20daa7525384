package io.limiter.jmh.check;

import java.util.List;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.jmh.baseline.MultiCommandTokenBucket;
import io.limiter.jmh.baseline.WatchMultiExecTokenBucket;

/**
 * The implementations that the over-grant check runs, in the order of the table. To add one (the two-tier
 * limiter, the in-memory block), add one entry to {@link #ALL}.
 */
public final class Candidates {

	private static final List<Algorithm> EVERY_ALGORITHM = List.of(Algorithm.values());

	/**
	 * Every implementation, ours first (a limiter built with no options, which keeps in-memory block; Redis
	 * alone with server and with client time; two-tier), then the two baselines of "Benchmarking Token Bucket Rate Limiters".
	 */
	public static final List<Candidate> ALL = List.of(
			new Candidate("in-memory", false, EVERY_ALGORITHM,
					(environment, name, limit) -> ours(InMemoryBackend.builder().build().limiter(name, limit))),
			new Candidate("redis-defaults", false, EVERY_ALGORITHM,
					(environment, name, limit) -> ours(environment.serverTimeBackend().limiter(name, limit))),
			new Candidate("redis-server-time", false, EVERY_ALGORITHM,
					(environment, name, limit) -> ours(
							environment.serverTimeBackend().limiter(name, limit, localTier(LocalTier.none())))),
			new Candidate("redis-client-time", false, EVERY_ALGORITHM,
					(environment, name, limit) -> ours(
							environment.clientTimeBackend().limiter(name, limit, localTier(LocalTier.none())))),
			new Candidate("redis-two-tier", false, List.of(Algorithm.TOKEN_BUCKET, Algorithm.GCRA),
					(environment, name, limit) -> ours(
							environment.serverTimeBackend().limiter(name, limit, localTier(LocalTier.twoTier())))),
			new Candidate("multi-cmd", true, List.of(Algorithm.TOKEN_BUCKET),
					(environment, name, limit) -> new MultiCommandTokenBucket(environment.redis().commands(), limit,
							environment.clock())::tryAcquire),
			new Candidate("watch-multi-exec", true, List.of(Algorithm.TOKEN_BUCKET),
					(environment, name, limit) -> new WatchMultiExecTokenBucket(environment.redis(), limit,
							environment.clock())::tryAcquire));

	private Candidates() {
	}

	private static LimiterOptions localTier(LocalTier tier) {
		return LimiterOptions.builder().localTier(tier).build();
	}

	private static CheckedLimiter ours(RateLimiter limiter) {
		return (key, tally) -> {
			Decision decision = limiter.tryAcquire(key);
			if (decision.isDegraded()) {
				throw new IllegalStateException("decided by the failure policy, not by Redis");
			}
			return decision.isAllowed();
		};
	}

}
