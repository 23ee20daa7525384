package io.limiter.spring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import io.limiter.RedisBackend;

/**
 * Redis settings; with no URL, cluster nodes or Sentinel setup the limits live in the Redis of Spring Boot's Redis
 * connection when the application has one, else in memory.
 */
public class RedisSettings {

	/** URL of a standalone server: redis://[user:password@]host:port[/database], or rediss:// for TLS. */
	private String url;

	/**
	 * Longest deadline of a Redis call. Each call's deadline adapts to the latency observed, between the
	 * minimum timeout and this; set both to the same value for a fixed deadline.
	 */
	private Duration timeout = RedisBackend.DEFAULT_TIMEOUT;

	/** Shortest deadline of a Redis call; lowered to the timeout when larger. */
	private Duration minimumTimeout = RedisBackend.DEFAULT_MINIMUM_TIMEOUT;

	/**
	 * PEM file of the certificates (such as a private certificate authority) that a rediss:// server's or
	 * cluster node's certificate chain must end in, instead of the JVM's trust store or Spring Boot's SSL bundle.
	 */
	private Path trustedCertificates;

	/** How long start-up waits for the first connection; the application starts anyway when it passes. */
	private Duration startupWait = Duration.ofSeconds(2);

	private final Cluster cluster = new Cluster();

	private final Sentinel sentinel = new Sentinel();

	private final Batch batch = new Batch();

	public String getUrl() {
		return this.url;
	}

	public void setUrl(String url) {
		this.url = url;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public Duration getMinimumTimeout() {
		return this.minimumTimeout;
	}

	public void setMinimumTimeout(Duration minimumTimeout) {
		this.minimumTimeout = minimumTimeout;
	}

	public Path getTrustedCertificates() {
		return this.trustedCertificates;
	}

	public void setTrustedCertificates(Path trustedCertificates) {
		this.trustedCertificates = trustedCertificates;
	}

	public Duration getStartupWait() {
		return this.startupWait;
	}

	public void setStartupWait(Duration startupWait) {
		this.startupWait = startupWait;
	}

	public Cluster getCluster() {
		return this.cluster;
	}

	public Sentinel getSentinel() {
		return this.sentinel;
	}

	public Batch getBatch() {
		return this.batch;
	}

	/**
	 * Redis Cluster settings.
	 */
	public static class Cluster {

		/**
		 * Some nodes of a Redis Cluster, as host:port (comma-separated or a list), or their redis:// (rediss:// for
		 * TLS) URLs when the cluster needs credentials; those of the first node are used for every node.
		 */
		private List<String> nodes;

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

	}

	/**
	 * Redis Sentinel settings: the limits live on the master that the Sentinels name, followed after a
	 * failover.
	 */
	public static class Sentinel {

		/** Name under which the Sentinels monitor the master (sentinel monitor <name> ...). */
		private String master;

		/**
		 * Sentinels, as host:port (comma-separated or a list), or their redis:// (rediss:// for TLS) URLs when
		 * they need credentials; the master and its replicas are reached with those of the first one.
		 */
		private List<String> nodes;

		public String getMaster() {
			return this.master;
		}

		public void setMaster(String master) {
			this.master = master;
		}

		public List<String> getNodes() {
			return this.nodes;
		}

		public void setNodes(List<String> nodes) {
			this.nodes = nodes;
		}

	}

	/**
	 * Batching: decisions that wait for the same Redis node at the same moment go out together, one script call per
	 * algorithm (per hash slot on a cluster) that decides each as its own call would.
	 */
	public static class Batch {

		/**
		 * Whether decisions waiting for the same node go out together. A decision never waits for others to come: only
		 * those that come while calls-in-flight calls to the node are unanswered wait, for the earliest to answer.
		 */
		private boolean enabled;

		/** Calls that may be unanswered by a node before further decisions for it wait to go together. */
		private int callsInFlight = RedisBackend.DEFAULT_BATCH_CALLS_IN_FLIGHT;

		/** Most decisions in one script call; a full batch leaves at once. */
		private int maxSize = RedisBackend.DEFAULT_BATCH_MAX_SIZE;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getCallsInFlight() {
			return this.callsInFlight;
		}

		public void setCallsInFlight(int callsInFlight) {
			this.callsInFlight = callsInFlight;
		}

		public int getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(int maxSize) {
			this.maxSize = maxSize;
		}

	}

}
