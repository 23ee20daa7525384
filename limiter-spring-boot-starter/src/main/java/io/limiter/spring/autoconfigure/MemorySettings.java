package io.limiter.spring.autoconfigure;

import io.limiter.InMemoryBackend;

/**
 * Settings of the in-memory backend.
 */
public class MemorySettings {

	/** Most keys whose state one limit keeps; beyond it idle keys are forgotten, then the keys that owe least evicted. */
	private int maximumKeysPerLimit = InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT;

	public int getMaximumKeysPerLimit() {
		return this.maximumKeysPerLimit;
	}

	public void setMaximumKeysPerLimit(int maximumKeysPerLimit) {
		this.maximumKeysPerLimit = maximumKeysPerLimit;
	}

}
