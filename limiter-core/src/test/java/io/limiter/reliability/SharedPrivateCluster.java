package io.limiter.reliability;

import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;

/**
 * One private cluster for the reliability tests that flush scripts, move slots and inspect keys, but kill no
 * node: starting a cluster costs seconds, and those tests leave it healthy for each other. It is not the
 * JVM-wide fixture, whose users need not expect flushed scripts or moved slots; its processes stop at JVM exit.
 */
final class SharedPrivateCluster {

	private static LocalRedisCluster cluster;

	private SharedPrivateCluster() {
	}

	/**
	 * Returns the cluster, starting it on first use, and waits until it is ready.
	 * @return the cluster
	 */
	static synchronized LocalRedisCluster get() {
		if (cluster == null) {
			cluster = RedisFixtures.startCluster();
		}
		cluster.awaitReady();
		return cluster;
	}

}
