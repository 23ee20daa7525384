package io.limiter.integration;

import io.limiter.internal.redis.RedisEndpoints;

/**
 * Checks the name under which Sentinels monitor a master, as {@code RedisBackendBuilder.sentinel(master, nodes)}
 * does, for configuration that reports a bad name apart from bad nodes.
 */
public final class SentinelMasterNames {

	private SentinelMasterNames() {
	}

	/**
	 * Returns the name when it is valid.
	 * @param master the name under which the Sentinels monitor the master
	 * @return the name
	 * @throws IllegalArgumentException naming the value when it is missing, blank or holds a space
	 */
	public static String check(String master) {
		return RedisEndpoints.sentinelMaster(master);
	}

}
