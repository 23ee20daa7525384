package io.limiter.internal.regions;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.IntSupplier;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.internal.redis.RedisCalls;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * A region's fallback share of a key of a global limit, in the region's Redis: a token bucket of
 * {@code ceil(capacity / regions)} per period, one for all the region's instances, already charged with every loan the
 * region received ({@code region-credit.lua}). {@link io.limiter.FailurePolicy#LOCAL_FALLBACK} decides with it while
 * the home cannot be reached and the pool cannot cover a request.
 */
final class RegionShare {

	private final String name;

	private final GlobalTerms terms;

	private final RegionKeys keys;

	private final ScriptExecutor regionScripts;

	private final IntSupplier regions;

	RegionShare(String name, GlobalTerms terms, RegionKeys keys, ScriptExecutor regionScripts, IntSupplier regions) {
		this.name = name;
		this.terms = terms;
		this.keys = keys;
		this.regionScripts = regionScripts;
		this.regions = regions;
	}

	/**
	 * Decides with the share; the decision is not yet marked degraded.
	 * @param key the user's key
	 * @param permits the permits
	 * @return the decision, or a stage failed with a {@link io.limiter.LimiterBackendException} when the region's Redis
	 * fails
	 */
	CompletionStage<Decision> decide(String key, long permits) {
		long share = this.terms.shareCapacity(this.regions.getAsInt());
		return call(RegionScripts.TOKEN_BUCKET.script(), key, share, Long.toString(permits), "0")
			.thenApply((reply) -> ((Long) reply.get(0) == 1)
					? Decision.allowed(share, (Long) reply.get(1), (Long) reply.get(3))
					: Decision.denied(share, (Long) reply.get(1), (Long) reply.get(2), (Long) reply.get(3)));
	}

	/**
	 * Applies an admin operation to the share.
	 * @param key the user's key
	 * @param operation the operation
	 * @param permits its permits, 0 for a reset
	 * @return a stage completed once applied
	 */
	CompletionStage<List<Object>> adjust(String key, AdminOperation operation, long permits) {
		return call(RegionScripts.TOKEN_BUCKET.adjustScript(), key, this.terms.shareCapacity(this.regions.getAsInt()),
				Long.toString(permits), operation.configName());
	}

	private CompletionStage<List<Object>> call(io.limiter.internal.redis.RedisScript script, String key, long share,
			String permits, String last) {
		return this.regionScripts
			.execute(script, this.keys.share(key), Long.toString(share), this.terms.periodArg(), permits, "-1", last)
			.handle((reply, failure) -> {
				if (failure != null) {
					throw RedisCalls.failure(this.name, failure);
				}
				return reply;
			});
	}

}
