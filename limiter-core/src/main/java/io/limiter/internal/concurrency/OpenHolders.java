package io.limiter.internal.concurrency;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

/**
 * The holders of the permits that Redis granted to this instance and that are still open, per user key: what the
 * background renewal renews. Adding, removing and renewing a key's holders are serialized per key, with the Redis
 * call sent under the same lock, so that no renewal sent after a release adds the released holder back.
 */
final class OpenHolders {

	private final Map<String, Holders> byKey = new ConcurrentHashMap<>();

	/**
	 * Records an open holder.
	 * @param key the user's key
	 * @param holder the holder's id
	 */
	void add(String key, String holder) {
		while (true) {
			Holders holders = this.byKey.computeIfAbsent(key, (ignored) -> new Holders());
			synchronized (holders) {
				if (!holders.retired) {
					holders.ids.add(holder);
					return;
				}
			}
		}
	}

	/**
	 * Forgets a holder and sends its release while no renewal of its key can be sent.
	 * @param key the user's key
	 * @param holder the holder's id
	 * @param sendRelease sends the release; it must only start an asynchronous call
	 */
	void remove(String key, String holder, Runnable sendRelease) {
		Holders holders = this.byKey.get(key);
		if (holders == null) {
			sendRelease.run();
			return;
		}
		synchronized (holders) {
			holders.ids.remove(holder);
			if (holders.ids.isEmpty()) {
				holders.retired = true;
				this.byKey.remove(key, holders);
			}
			sendRelease.run();
		}
	}

	/**
	 * Sends the renewal of every key that has open holders.
	 * @param sendRenewal sends one key's renewal with its holders; it must only start an asynchronous call
	 */
	void forEachKey(BiConsumer<String, String[]> sendRenewal) {
		this.byKey.forEach((key, holders) -> {
			synchronized (holders) {
				if (!holders.ids.isEmpty()) {
					sendRenewal.accept(key, holders.ids.toArray(String[]::new));
				}
			}
		});
	}

	/** The open holders of one key; retired once empty and no longer in the map. */
	private static final class Holders {

		private final Set<String> ids = new HashSet<>();

		private boolean retired;

	}

}
