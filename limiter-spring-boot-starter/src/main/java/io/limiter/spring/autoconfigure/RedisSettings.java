package io.limiter.spring.autoconfigure;

import java.time.Duration;

/**
 * Redis settings; with no URL, cluster nodes or Sentinel setup the limits live in the Redis of Spring Boot's Redis
 * connection when the application has one, else in memory.
 */
public class RedisSettings extends RedisServerSettings {

	/** How long start-up waits for the first connection; the application starts anyway when it passes. */
	private Duration startupWait = Duration.ofSeconds(2);

	public Duration getStartupWait() {
		return this.startupWait;
	}

	public void setStartupWait(Duration startupWait) {
		this.startupWait = startupWait;
	}

}
