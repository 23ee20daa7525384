package io.limiter;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.limiter.internal.redis.AdaptiveTimeout;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.RedisEndpoints;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.internal.redis.RedisTls;
import io.limiter.internal.redis.RedisTopology;

/**
 * The settings of a {@link RedisBackendBuilder} that say where Redis is and how to reach it: exactly one of a
 * standalone server, cluster seeds, a Sentinel setup or a Lettuce client of the application's, and TLS. It holds
 * them only: {@link RedisEndpoints} parses text, {@link RedisTls} reads trust material and {@link RedisTopology}
 * creates the executor. Its methods are the builder's public API.
 */
abstract class RedisConnectionSettings {

	private RedisTopology topology;

	private int topologiesNamed;

	private SslOptions ssl;

	abstract RedisBackendBuilder self();

	/**
	 * Uses a standalone server.
	 * @param url {@code redis://[user:password@]host:port[/database]} or {@code rediss://...} for TLS
	 * @return this builder
	 * @throws IllegalArgumentException naming the value, its user info masked, when it is not such a URL
	 */
	public RedisBackendBuilder standalone(String url) {
		return topology(RedisTopology.standalone(RedisEndpoints.url(url)));
	}

	/**
	 * Uses a Redis Cluster.
	 * @param nodes comma-separated {@code host:port} or URLs of some of its nodes; Lettuce uses the credentials of
	 * the first for every node
	 * @return this builder
	 * @throws IllegalArgumentException naming the node, its user info masked, when it is neither
	 * {@code host:port} nor a URL
	 */
	public RedisBackendBuilder cluster(String nodes) {
		return topology(RedisTopology.cluster(RedisEndpoints.nodes(nodes)));
	}

	/**
	 * Uses the master of a Redis Sentinel setup, wherever the Sentinels say it is: they are asked at each
	 * (re)connection, and their {@code +switch-master} announcements move the connection to the promoted
	 * replica at once, also when the old master is still alive. Meanwhile the failure policy decides.
	 * @param master the name under which the Sentinels monitor the master
	 * @param nodes comma-separated {@code host:port} or URLs of some of the Sentinels: the master and its replicas
	 * are reached with the credentials and database of the first, whose scheme decides TLS for all
	 * @return this builder
	 * @throws IllegalArgumentException naming the field and the value, its user info masked, when the master
	 * name is blank or a node is neither {@code host:port} nor a URL
	 */
	public RedisBackendBuilder sentinel(String master, String nodes) {
		return topology(RedisTopology.sentinel(RedisEndpoints.sentinel(master, nodes)));
	}

	/**
	 * Uses the server a {@link RedisURI} names, as Lettuce's {@link RedisClient} takes it: a standalone server, or
	 * the master of a Sentinel setup (as {@link #sentinel(String, String)}) when it names one, its Sentinels each
	 * with credentials of their own.
	 * @param uri the server or Sentinel setup, with its database, credentials and TLS
	 * @return this builder
	 * @throws IllegalArgumentException when it has no host, or a Sentinel setup has a bad master name or no Sentinel
	 */
	public RedisBackendBuilder server(RedisURI uri) {
		Objects.requireNonNull(uri, "uri must not be null");
		return topology((uri.getSentinelMasterId() != null) ? RedisTopology.sentinel(uri)
				: RedisTopology.standalone(uri));
	}

	/**
	 * Uses a Redis Cluster, its seeds as Lettuce's {@link RedisClusterClient} takes them.
	 * @param seeds some of its nodes; the credentials and TLS of the first apply to every node
	 * @return this builder
	 * @throws IllegalArgumentException when there is no seed, or one has no host
	 */
	public RedisBackendBuilder cluster(List<RedisURI> seeds) {
		return topology(RedisTopology.cluster(seeds));
	}

	/**
	 * Uses a standalone client the application owns; closing the backend leaves it open.
	 * @param client the client
	 * @return this builder
	 */
	public RedisBackendBuilder client(RedisClient client) {
		return topology(RedisTopology.client(client));
	}

	/**
	 * Uses a cluster client the application owns; closing the backend leaves it open.
	 * @param client the client
	 * @return this builder
	 */
	public RedisBackendBuilder client(RedisClusterClient client) {
		return topology(RedisTopology.client(client));
	}

	private RedisBackendBuilder topology(RedisTopology topology) {
		this.topology = topology;
		this.topologiesNamed++;
		return self();
	}

	/**
	 * Trusts the certificates of a PEM file, such as a private certificate authority, instead of the JVM's trust
	 * store, for servers reached over TLS; their host names are still verified. Replaces {@link #sslOptions}.
	 * @param pemFile a readable PEM file of one or more certificates
	 * @return this builder
	 * @throws IllegalArgumentException naming the path when the file cannot be read
	 */
	public RedisBackendBuilder trustedCertificates(Path pemFile) {
		this.ssl = RedisTls.trusting(pemFile);
		return self();
	}

	/**
	 * Sets the TLS settings (trust, client certificates, protocols, cipher suites) for servers reached over TLS,
	 * instead of the JVM's defaults; not for a client of the application's. Replaces {@link #trustedCertificates}.
	 * @param options Lettuce's TLS settings
	 * @return this builder
	 */
	public RedisBackendBuilder sslOptions(SslOptions options) {
		this.ssl = Objects.requireNonNull(options, "sslOptions must not be null");
		return self();
	}

	/**
	 * Says where Redis is: hosts and ports, never credentials.
	 */
	String where() {
		return String.valueOf(this.topology);
	}

	/**
	 * Says whether the server named is a cluster, where only keys of one hash slot share a script call.
	 */
	boolean isCluster() {
		return this.topology != null && this.topology.isCluster();
	}

	/**
	 * Creates the executor over the one server named; its connection opens in the background.
	 * @throws IllegalStateException when no server, or more than one kind of server, was named
	 */
	LettuceScriptExecutor<?> executor(AdaptiveTimeout deadline, ScheduledExecutorService background) {
		if (this.topologiesNamed != 1) {
			throw new IllegalStateException("name exactly one of standalone, cluster, sentinel, server or a client, "
					+ "but " + this.topologiesNamed + " were named");
		}
		return this.topology.executor(new RedisExecutors.Settings(deadline, this.ssl, background));
	}

}
