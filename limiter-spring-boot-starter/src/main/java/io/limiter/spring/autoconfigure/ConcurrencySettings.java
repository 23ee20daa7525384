package io.limiter.spring.autoconfigure;

import java.time.Duration;

import io.limiter.FailurePolicy;

/**
 * Settings of one concurrency limit, under {@code limiter.concurrency.<name>}: at most {@code max-in-flight}
 * requests or calls of a key at once, across every instance.
 */
public class ConcurrencySettings {

	/** The most requests or calls of one key in flight at once, across every instance: 1 to 100000. */
	private Long maxInFlight;

	/** How long the permit of a holder that died without releasing it still counts (Redis renews live ones). */
	private Duration lease = Duration.ofSeconds(30);

	/** What a decision is when the backend fails; the global 'limiter.failure-policy' when not set. */
	private FailurePolicy failurePolicy;

	public Long getMaxInFlight() {
		return this.maxInFlight;
	}

	public void setMaxInFlight(Long maxInFlight) {
		this.maxInFlight = maxInFlight;
	}

	public Duration getLease() {
		return this.lease;
	}

	public void setLease(Duration lease) {
		this.lease = lease;
	}

	public FailurePolicy getFailurePolicy() {
		return this.failurePolicy;
	}

	public void setFailurePolicy(FailurePolicy failurePolicy) {
		this.failurePolicy = failurePolicy;
	}

}
