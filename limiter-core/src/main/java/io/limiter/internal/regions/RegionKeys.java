package io.limiter.internal.regions;

import io.limiter.internal.StateKeys;

/**
 * The Redis keys of a key of a global limit, all under its hash tag so that each script's keys share a slot: at the
 * home the bucket ({@code :tb}, the key of {@code token-bucket.lua}, so that the home's looks, waits and admin
 * operations are that script's own) and the loans ({@code :g:loans}); in the region the pool ({@code :pool}) and the
 * fallback share ({@code :rfb:tb}).
 */
final class RegionKeys {

	private final StateKeys keys;

	private final String name;

	RegionKeys(StateKeys keys, String name) {
		this.keys = keys;
		this.name = name;
	}

	/** {@return the home's bucket and loans of a key} */
	String[] home(String key) {
		String state = this.keys.stateKey(this.name, key);
		return new String[] { state + ":tb", state + ":g:loans" };
	}

	/** {@return the region's pool of a key} */
	String[] pool(String key) {
		return new String[] { this.keys.stateKey(this.name, key) + ":pool" };
	}

	/** {@return the region's pool and fallback share of a key} */
	String[] poolAndShare(String key) {
		String state = this.keys.stateKey(this.name, key);
		return new String[] { state + ":pool", state + ":rfb:tb" };
	}

	/** {@return the region's fallback share of a key} */
	String[] share(String key) {
		return new String[] { this.keys.stateKey(this.name, key) + ":rfb:tb" };
	}

}
