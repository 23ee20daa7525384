package io.limiter.spring.autoconfigure;

import java.time.Duration;

import io.limiter.RedisBackend;

/**
 * Redis settings; with no URL, cluster nodes or Sentinel setup the limits live in the Redis of Spring Boot's Redis
 * connection when the application has one, else in memory.
 */
public class RedisSettings extends RedisServerSettings {

	/** How long start-up waits for the first connection; the application starts anyway when it passes. */
	private Duration startupWait = Duration.ofSeconds(2);

	private final Batch batch = new Batch();

	public Duration getStartupWait() {
		return this.startupWait;
	}

	public void setStartupWait(Duration startupWait) {
		this.startupWait = startupWait;
	}

	public Batch getBatch() {
		return this.batch;
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
