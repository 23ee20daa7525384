package io.limiter.internal.benchmark;

import io.limiter.Algorithm;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The one door from the project's own benchmarks ({@code limiter-jmh}) into the core's internals: what a benchmark
 * needs to send an algorithm's decision script itself, as the probe of the Redis ceiling does, with nothing of the
 * limiter around it. Not an API: it may change with any release, and {@code InternalBoundaryTests} keeps every other
 * module out of the internal packages.
 */
public final class BenchmarkAccess {

	private BenchmarkAccess() {
	}

	/**
	 * Returns the SHA1 under which Redis knows an algorithm's decision script of one rate, once a backend has loaded
	 * it ({@code EVALSHA}).
	 * @param algorithm the algorithm
	 * @return the script's SHA1, in hex
	 */
	public static String decisionScriptSha1(Algorithm algorithm) {
		return LimitAlgorithm.of(algorithm).script().sha1();
	}

	/**
	 * Returns the Redis keys that an algorithm's decision script of one rate takes for a key of a limit, as the
	 * limiters send them: one hash tag per key, so that every script is valid on Redis Cluster.
	 * @param algorithm the algorithm
	 * @param limitName the limit's name
	 * @param key the key
	 * @return the script's {@code KEYS}
	 */
	public static String[] decisionKeys(Algorithm algorithm, String limitName, String key) {
		return LimitAlgorithm.of(algorithm).redisKeys(StateKeys.redisKey(limitName, key));
	}

}
