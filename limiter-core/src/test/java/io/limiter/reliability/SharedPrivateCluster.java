package io.limiter.reliability;

import java.time.Duration;
import java.util.function.UnaryOperator;

import io.limiter.FailurePolicy;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
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
	 * Returns a backend on the cluster, connected, that fails closed and waits up to 2 s for Redis, long enough
	 * for a busy machine: the tests that use it count every failure.
	 * @param settings more settings of the backend
	 * @return the backend
	 * @throws InterruptedException when interrupted while connecting
	 */
	static RedisBackend connectedBackend(UnaryOperator<RedisBackendBuilder> settings) throws InterruptedException {
		RedisBackend backend = settings.apply(RedisBackend.builder()
			.cluster(get().seedNodes())
			.timeout(Duration.ofSeconds(2))
			.minimumTimeout(Duration.ofSeconds(2))
			.failurePolicy(FailurePolicy.FAIL_CLOSED)).build();
		if (!backend.awaitConnection(Duration.ofSeconds(10))) {
			backend.close();
			throw new IllegalStateException("no connection to " + cluster);
		}
		return backend;
	}

	/** {@return the cluster, starting it on first use, and waits until it is ready} */
	static synchronized LocalRedisCluster get() {
		if (cluster == null) {
			cluster = RedisFixtures.startCluster();
		}
		cluster.awaitReady();
		return cluster;
	}

}
