package io.limiter.jmh.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.cluster.models.partitions.RedisClusterNode;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.limiter.FailurePolicy;
import io.limiter.LimiterClock;
import io.limiter.jmh.baseline.NodeConnections;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.RedisFixtures;

/**
 * The Redis that a benchmark or the over-grant checker runs against, with the connections that the variants
 * need: our {@link RedisBackend}, plain commands for the client-side baselines, connections of one's own
 * for WATCH, Bucket4j's byte-array connection, and the command counts of every master.
 * <p>
 * With no address it uses the shared 3-master/3-replica cluster of {@link RedisFixtures#cluster()}, which
 * stops when the JVM exits.
 * <p>
 * Its size is one connection of each kind the variants and peers need, so that all of them share one client.
 */
public final class RedisTarget implements NodeConnections, AutoCloseable {

	/**
	 * The timeout of every call: long, because a 2-core machine running 64 threads and six Redis servers
	 * can stall a call for tens of milliseconds, and a benchmark must measure that, not fail on it.
	 */
	public static final Duration TIMEOUT = Duration.ofSeconds(5);

	/**
	 * The longest wait for a first connection: on a loaded machine, connecting to a cluster (topology, then a
	 * connection per node, then the scripts on every master) has taken more than {@link #TIMEOUT}.
	 */
	public static final Duration CONNECT_WAIT = Duration.ofSeconds(30);

	private final RedisAddress address;

	private final RedisClusterClient clusterClient;

	private final RedisClient client;

	private final StatefulRedisClusterConnection<String, String> clusterConnection;

	private final StatefulRedisConnection<String, String> connection;

	private final Queue<AutoCloseable> opened = new ConcurrentLinkedQueue<>();

	private final SentCommands sent = new SentCommands();

	private final ClientResources resources = ClientResources.builder().commandLatencyRecorder(this.sent).build();

	private RedisTarget(RedisAddress address) {
		this.address = address;
		// Standalone, our backend connects with the client's own URI; on a cluster the client only opens the
		// connections of one's own to the masters.
		this.client = address.isCluster() ? RedisClient.create(this.resources)
				: RedisClient.create(this.resources, address.standalone());
		this.client.setOptions(ClientOptions.builder().timeoutOptions(timeoutOptions()).build());
		if (address.isCluster()) {
			this.clusterClient = RedisClusterClient.create(this.resources, address.seeds());
			this.clusterClient.setOptions(ClusterClientOptions.builder().timeoutOptions(timeoutOptions()).build());
			this.clusterConnection = this.clusterClient.connect();
			this.connection = null;
		}
		else {
			this.clusterClient = null;
			this.clusterConnection = null;
			this.connection = this.client.connect(address.standalone());
		}
	}

	/**
	 * Connects to the named Redis, or to the shared fixture cluster when none is named.
	 * @param spec a {@link RedisAddress} text, or {@code null} or blank for the fixture
	 * @return the connected target
	 * @throws IllegalArgumentException when the text is not an address
	 */
	public static RedisTarget connect(String spec) {
		RedisAddress address = (spec == null || spec.isBlank()) ? RedisAddress.parse(RedisFixtures.cluster().seedNodes())
				: RedisAddress.parse(spec);
		return new RedisTarget(address);
	}

	/** {@return the address connected to} */
	public RedisAddress address() {
		return this.address;
	}

	/**
	 * Creates a backend of our own on this Redis, connected and failing closed; the caller closes it.
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @return the backend
	 */
	public RedisBackend backend(LimiterClock clientClock) {
		return backend(clientClock, null);
	}

	/**
	 * Creates a backend of our own on this Redis under a namespace, connected and failing closed; the caller closes
	 * it. Backends of different namespaces keep the same limit name and key apart on the same slot.
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @param namespace the namespace of the backend's keys, or {@code null} for none
	 * @return the backend
	 */
	public RedisBackend backend(LimiterClock clientClock, String namespace) {
		return backend(clientClock, namespace, false);
	}

	/**
	 * Creates a backend of our own as {@link #backend(LimiterClock, String)} does, batching decisions or not.
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @param namespace the namespace of the backend's keys, or {@code null} for none
	 * @param batching whether decisions waiting for one node go out together, with the default bounds
	 * ({@link RedisBackendBuilder#batching(boolean)})
	 * @return the backend
	 */
	public RedisBackend backend(LimiterClock clientClock, String namespace, boolean batching) {
		RedisBackendBuilder builder = RedisBackend.builder()
			.batching(batching)
			.timeout(TIMEOUT)
			.minimumTimeout(TIMEOUT)
			.failurePolicy(FailurePolicy.FAIL_CLOSED);
		if (namespace != null) {
			builder.namespace(namespace);
		}
		return connected(builder, clientClock);
	}

	/**
	 * Creates a backend of our own with the builder's defaults (the failure policy
	 * {@link RedisBackend#DEFAULT_FAILURE_POLICY}, the adaptive timeout) but for the client's clock; the caller
	 * closes it. A decision of its failure policy is a fall-back that a benchmark of Redis must not count: see
	 * {@code RedisCalls.decidedBehindBlock}.
	 * @param clientClock the time sent to the scripts
	 * @return the backend, connected
	 */
	public RedisBackend backendWithDefaults(LimiterClock clientClock) {
		return connected(RedisBackend.builder(), clientClock);
	}

	private RedisBackend connected(RedisBackendBuilder builder, LimiterClock clientClock) {
		if (this.address.isCluster()) {
			builder.client(this.clusterClient);
		}
		else {
			builder.client(this.client);
		}
		if (clientClock != null) {
			builder.clientClock(clientClock);
		}
		RedisBackend backend = builder.build();
		try {
			if (!backend.awaitConnection(CONNECT_WAIT)) {
				backend.close();
				throw new IllegalStateException("no connection to " + this.address + " within " + CONNECT_WAIT);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			backend.close();
			throw new IllegalStateException(ex);
		}
		return backend;
	}

	/**
	 * Returns synchronous commands over the shared multiplexed connection, routed by key on a cluster.
	 * @return the commands; not for WATCH, which needs a connection of its own
	 */
	public RedisClusterCommands<String, String> commands() {
		return this.address.isCluster() ? this.clusterConnection.sync() : this.connection.sync();
	}

	@Override
	public String ownerOf(String key) {
		if (!this.address.isCluster()) {
			return "standalone";
		}
		RedisURI owner = this.clusterConnection.getPartitions().getMasterBySlot(SlotHash.getSlot(key)).getUri();
		return owner.getHost() + ":" + owner.getPort();
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * This target closes the connection when it is closed.
	 */
	@Override
	public StatefulRedisConnection<String, String> open(String owner) {
		RedisURI uri = this.address.isCluster() ? RedisAddress.parse(owner).seeds().get(0) : this.address.standalone();
		StatefulRedisConnection<String, String> dedicated = this.client.connect(uri);
		this.opened.add(dedicated);
		return dedicated;
	}

	/**
	 * {@return a builder of Bucket4j's Lettuce proxy manager over a byte-array connection to this Redis (a cluster
	 * connection on a cluster)}
	 */
	public Bucket4jLettuce.LettuceBasedProxyManagerBuilder<byte[]> bucket4jBuilder() {
		if (this.address.isCluster()) {
			StatefulRedisClusterConnection<byte[], byte[]> bytes = this.clusterClient.connect(ByteArrayCodec.INSTANCE);
			this.opened.add(bytes);
			return Bucket4jLettuce.casBasedBuilder(bytes);
		}
		StatefulRedisConnection<byte[], byte[]> bytes = this.client.connect(ByteArrayCodec.INSTANCE,
				this.address.standalone());
		this.opened.add(bytes);
		return Bucket4jLettuce.casBasedBuilder(bytes);
	}

	/**
	 * Returns the commands that this target's clients sent and had answered so far, housekeeping left out: round
	 * trips, where {@link #commandsServed()} also counts what each script ran. Every backend built by
	 * {@link #backend(LimiterClock)} and every Bucket4j proxy of {@link #bucket4jBuilder()} uses these clients.
	 * @return the count
	 */
	public long commandsSent() {
		return this.sent.count();
	}

	/**
	 * Returns the commands served so far by every master, housekeeping left out ({@link CommandStats}).
	 * @return the sum over the masters
	 */
	public long commandsServed() {
		long total = 0;
		for (String info : commandStatsOfMasters()) {
			total += CommandStats.workCalls(info);
		}
		return total;
	}

	private List<String> commandStatsOfMasters() {
		List<String> infos = new ArrayList<>();
		if (!this.address.isCluster()) {
			infos.add(this.connection.sync().info("commandstats"));
			return infos;
		}
		for (RedisClusterNode node : this.clusterConnection.getPartitions()) {
			if (node.is(RedisClusterNode.NodeFlag.UPSTREAM)) {
				infos.add(this.clusterConnection.getConnection(node.getNodeId()).sync().info("commandstats"));
			}
		}
		return infos;
	}

	@Override
	public void close() {
		for (AutoCloseable closeable : this.opened) {
			try {
				closeable.close();
			}
			catch (Exception ex) {
				// Closing is best effort: the clients below are shut down anyway.
			}
		}
		if (this.clusterConnection != null) {
			this.clusterConnection.close();
			this.clusterClient.shutdown();
		}
		if (this.connection != null) {
			this.connection.close();
		}
		this.client.shutdown();
		this.resources.shutdown();
	}

	private static TimeoutOptions timeoutOptions() {
		return TimeoutOptions.builder().fixedTimeout(TIMEOUT).build();
	}

	@Override
	public String toString() {
		return this.address.toString();
	}

}
