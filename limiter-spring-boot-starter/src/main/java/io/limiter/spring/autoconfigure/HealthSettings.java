package io.limiter.spring.autoconfigure;

import java.time.Duration;

import io.limiter.spring.internal.actuate.DegradedThreshold;

/**
 * When the {@code limiter} health says {@code DEGRADED} because the failure policy made too many of the recent
 * decisions.
 */
public class HealthSettings {

	/** How far back the health counts decisions, at least 1s; it covers that time to within a tenth of it. */
	private Duration window = Duration.ofSeconds(30);

	/** Share of the window's decisions, more than 0 and at most 1, made by the failure policy that makes the health DEGRADED. */
	private double degradedShare = DegradedThreshold.DEFAULT_SHARE;

	/** Fewest decisions made by the failure policy in the window for the health to be DEGRADED, at least 1. */
	private int minimumDegradedDecisions = DegradedThreshold.DEFAULT_MINIMUM_DECISIONS;

	public Duration getWindow() {
		return this.window;
	}

	public void setWindow(Duration window) {
		this.window = window;
	}

	public double getDegradedShare() {
		return this.degradedShare;
	}

	public void setDegradedShare(double degradedShare) {
		this.degradedShare = degradedShare;
	}

	public int getMinimumDegradedDecisions() {
		return this.minimumDegradedDecisions;
	}

	public void setMinimumDegradedDecisions(int minimumDegradedDecisions) {
		this.minimumDegradedDecisions = minimumDegradedDecisions;
	}

}
