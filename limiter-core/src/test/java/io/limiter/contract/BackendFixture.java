package io.limiter.contract;

import java.time.Duration;
import java.util.UUID;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

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

	private final String uri;

	private final String namespace;

	private BackendFixture(String description, ManualClock clock, LimiterBackend backend) {
		this(description, clock, backend, null, null);
	}

	private BackendFixture(String description, ManualClock clock, LimiterBackend backend, String uri,
			String namespace) {
		this.description = description;
		this.clock = clock;
		this.backend = backend;
		this.uri = uri;
		this.namespace = namespace;
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
	 * Returns a backend on a standalone Redis server, with client time from a manual clock, and its keys in a
	 * namespace of its own ({@link #namespace()}), which {@link #close()} deletes: the server may be a user's
	 * ({@link RedisFixtures#contractStandalone()}), where nothing else may be touched.
	 * @param server the server, such as {@link RedisFixtures#contractStandalone()}
	 * @return the fixture
	 */
	public static BackendFixture standalone(RedisStandalone server) {
		ManualClock clock = new ManualClock();
		String namespace = "contract-" + UUID.randomUUID().toString().substring(0, 8);
		System.out.println("contract tests on " + server + ", keys in limiter:" + namespace + ":*");
		return new BackendFixture("redis-standalone", clock, connected(RedisBackend.builder()
			.standalone(server.uri())
			.namespace(namespace)
			.clientClock(clock)
			.timeout(TEST_TIMEOUT)
			.minimumTimeout(TEST_TIMEOUT)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.build()), server.uri(), namespace);
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

	/** {@return the namespace of this fixture's keys on a standalone server, for another backend of the same test} */
	String namespace() {
		return this.namespace;
	}

	/**
	 * Closes the backend of a standalone server, then deletes every key of its namespace (and nothing else).
	 * @return how many keys were deleted
	 */
	long close() {
		this.backend.close();
		RedisClient client = RedisClient.create(this.uri);
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			RedisCommands<String, String> commands = connection.sync();
			ScanArgs own = ScanArgs.Builder.matches("limiter:" + this.namespace + ":*").limit(1000);
			long deleted = 0;
			KeyScanCursor<String> cursor = commands.scan(own);
			while (true) {
				if (!cursor.getKeys().isEmpty()) {
					deleted += commands.del(cursor.getKeys().toArray(String[]::new));
				}
				if (cursor.isFinished()) {
					break;
				}
				cursor = commands.scan(cursor, own);
			}
			System.out.println("contract tests deleted their " + deleted + " keys, limiter:" + this.namespace + ":*");
			return deleted;
		}
		finally {
			client.shutdown();
		}
	}

	@Override
	public String toString() {
		return this.description;
	}

}
