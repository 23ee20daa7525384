package io.limiter.contract;

import java.time.Duration;

import io.limiter.FailurePolicy;
import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisStandalone;

/**
 * One backend under test with a {@link ManualClock}, shared by the contract tests of one backend kind. Each
 * test uses limits of its own name, so no state carries over between tests.
 */
public final class BackendFixture {

	/** Generous, so that a slow CI machine does not fail a test by timing out. */
	static final Duration TEST_TIMEOUT = Duration.ofSeconds(5);

	private final String description;

	private final ManualClock clock;

	private final LimiterBackend backend;

	private BackendFixture(String description, ManualClock clock, LimiterBackend backend) {
		this.description = description;
		this.clock = clock;
		this.backend = backend;
	}

	/**
	 * Returns an in-memory backend.
	 * @return the fixture
	 */
	public static BackendFixture inMemory() {
		ManualClock clock = new ManualClock();
		return new BackendFixture("in-memory", clock, InMemoryBackend.builder().clock(clock).build());
	}

	/**
	 * Returns a backend on a shared standalone Redis server, with client time from a manual clock.
	 * @param server the server, such as {@link RedisFixtures#standalone()}
	 * @return the fixture
	 */
	public static BackendFixture standalone(RedisStandalone server) {
		ManualClock clock = new ManualClock();
		return new BackendFixture("redis-standalone", clock, connected(RedisBackend.builder()
			.standalone(server.uri())
			.clientClock(clock)
			.timeout(TEST_TIMEOUT)
			.minimumTimeout(TEST_TIMEOUT)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.build()));
	}

	/**
	 * Returns a backend on a shared 3-master/3-replica cluster, with client time from a manual clock, and its keys
	 * in a namespace, as the starter builds them for a named application.
	 * @param cluster the cluster, such as {@link RedisFixtures#cluster()}
	 * @return the fixture
	 */
	public static BackendFixture cluster(RedisCluster cluster) {
		ManualClock clock = new ManualClock();
		return new BackendFixture("redis-cluster", clock, connected(RedisBackend.builder()
			.cluster(cluster.seedNodes())
			.namespace("contract")
			.clientClock(clock)
			.timeout(TEST_TIMEOUT)
			.minimumTimeout(TEST_TIMEOUT)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.build()));
	}

	private static RedisBackend connected(RedisBackend backend) {
		try {
			if (!backend.awaitConnection(TEST_TIMEOUT)) {
				throw new IllegalStateException("the test Redis did not accept a connection within " + TEST_TIMEOUT);
			}
			return backend;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	ManualClock clock() {
		return this.clock;
	}

	LimiterBackend backend() {
		return this.backend;
	}

	@Override
	public String toString() {
		return this.description;
	}

}
