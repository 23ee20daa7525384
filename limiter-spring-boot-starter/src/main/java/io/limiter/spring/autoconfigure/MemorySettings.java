package io.limiter.spring.autoconfigure;

import io.limiter.InMemoryBackend;

/**
 * Settings of the in-memory backend.
 */
public class MemorySettings {

	/** Most keys whose state one limit keeps; only idle keys are forgotten, new keys beyond it share one overflow state. */
	private int maximumKeysPerLimit = InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT;

	public int getMaximumKeysPerLimit() {
		return this.maximumKeysPerLimit;
	}

	public void setMaximumKeysPerLimit(int maximumKeysPerLimit) {
		this.maximumKeysPerLimit = maximumKeysPerLimit;
	}

}
