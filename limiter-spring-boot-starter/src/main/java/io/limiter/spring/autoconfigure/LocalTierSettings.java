package io.limiter.spring.autoconfigure;

import java.time.Duration;
import io.limiter.LocalTier;

/**
 * The local tier of one limit on Redis: decisions kept off the network.
 */
public class LocalTierSettings {

	/** block (deny keys known to be exhausted in memory), none or two-tier (also spend borrowed batches). */
	private LocalTier.Mode mode = LocalTier.Mode.BLOCK;

	/** How long borrowed tokens may be held before they are given back. */
	private Duration lease = LocalTier.DEFAULT_LEASE;

	/** The largest batch one instance borrows, as a share of the capacity. */
	private double maxBatchShare = LocalTier.DEFAULT_MAX_BATCH_SHARE;

	/** The most keys whose local state one instance keeps. */
	private int maximumKeys = LocalTier.DEFAULT_MAXIMUM_KEYS;

	public LocalTier.Mode getMode() {
		return this.mode;
	}

	public void setMode(LocalTier.Mode mode) {
		this.mode = mode;
	}

	public Duration getLease() {
		return this.lease;
	}

	public void setLease(Duration lease) {
		this.lease = lease;
	}

	public double getMaxBatchShare() {
		return this.maxBatchShare;
	}

	public void setMaxBatchShare(double maxBatchShare) {
		this.maxBatchShare = maxBatchShare;
	}

	public int getMaximumKeys() {
		return this.maximumKeys;
	}

	public void setMaximumKeys(int maximumKeys) {
		this.maximumKeys = maximumKeys;
	}

}
