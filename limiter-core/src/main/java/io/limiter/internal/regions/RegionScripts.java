package io.limiter.internal.regions;

import java.util.List;

import io.limiter.Algorithm;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.redis.RedisScript;

/**
 * The scripts of global limits: those the home runs and those a region runs.
 */
final class RegionScripts {

	/** Lends a key's budget to a region, reclaims lapsed loans and takes give-backs, at the home. */
	static final RedisScript LEND = RedisScript.load(RegionScripts.class, "token-bucket-lend.lua");

	/** Reads the home's bucket and loans of a key, writing nothing. */
	static final RedisScript HOME_PEEK = RedisScript.load(RegionScripts.class, "home-peek.lua");

	/** Decides against a region's pool and elects its borrower. */
	static final RedisScript SPEND = RedisScript.load(RegionScripts.class, "region-spend.lua");

	/** Lands a loan in a region's pool, or records the home's refusal. */
	static final RedisScript CREDIT = RedisScript.load(RegionScripts.class, "region-credit.lua");

	/** Drains a region's pool, refunds a grant into it, or looks at it. */
	static final RedisScript ADJUST = RedisScript.load(RegionScripts.class, "region-adjust.lua");

	/** The scripts of the token bucket, which the home's bucket and a region's fallback share are. */
	static final LimitAlgorithm TOKEN_BUCKET = LimitAlgorithm.of(Algorithm.TOKEN_BUCKET);

	/** What the home runs. */
	static final List<RedisScript> HOME = List.of(LEND, HOME_PEEK, TOKEN_BUCKET.script(),
			TOKEN_BUCKET.adjustScript());

	/** What a region runs, besides the scripts of its regional limits. */
	static final List<RedisScript> REGION = List.of(SPEND, CREDIT, ADJUST);

	private RegionScripts() {
	}

}
