package io.limiter.internal.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;

/**
 * Listens to every Sentinel's {@code +switch-master} announcements of one master, and runs an action each time
 * they name a new address for it. A connection to a master that froze, was replaced and came back alive would
 * otherwise keep sending scripts to it until the Sentinels demote it and disconnect its clients, seconds later.
 * Each subscription opens in the background, is retried while its Sentinel cannot be reached, and is renewed by
 * Lettuce after a disconnection.
 */
final class SentinelAnnouncements implements AutoCloseable {

	static final String SWITCH_MASTER = "+switch-master";

	private static final long RETRY_INTERVAL_MILLIS = 1000;

	private final String master;

	private final List<ReconnectingConnection<StatefulRedisPubSubConnection<String, String>>> subscriptions =
			new ArrayList<>();

	private volatile Runnable onSwitch = () -> {
	};

	private volatile String lastAddress;

	/**
	 * Subscribes to the announcements of every Sentinel of a setup.
	 * @param client the client that opens the subscriptions
	 * @param setup the master name and the Sentinels
	 * @param background runs the connection attempts
	 */
	SentinelAnnouncements(RedisClient client, RedisURI setup, ScheduledExecutorService background) {
		this.master = setup.getSentinelMasterId();
		for (RedisURI sentinel : setup.getSentinels()) {
			this.subscriptions.add(new ReconnectingConnection<>(
					() -> client.connectPubSubAsync(StringCodec.UTF8, sentinel), this::subscribe,
					RETRY_INTERVAL_MILLIS, background));
		}
	}

	/**
	 * Sets what runs when the Sentinels announce a new address of the master.
	 * @param action the action, run on a Lettuce thread: it must not block
	 */
	void onSwitch(Runnable action) {
		this.onSwitch = action;
	}

	private void subscribe(StatefulRedisPubSubConnection<String, String> connection) {
		connection.addListener(new RedisPubSubAdapter<>() {

			@Override
			public void message(String channel, String message) {
				announced(message);
			}

		});
		connection.async().subscribe(SWITCH_MASTER);
	}

	/**
	 * Reads one announcement, {@code <master name> <old ip> <old port> <new ip> <new port>}; the same switch is
	 * announced by every Sentinel, and acted on once.
	 * @param message the announcement
	 */
	void announced(String message) {
		String[] parts = message.split(" ");
		if (parts.length != 5 || !parts[0].equals(this.master)) {
			return;
		}
		String address = parts[3] + ":" + parts[4];
		synchronized (this) {
			if (address.equals(this.lastAddress)) {
				return;
			}
			this.lastAddress = address;
		}
		this.onSwitch.run();
	}

	@Override
	public void close() {
		this.subscriptions.forEach(ReconnectingConnection::close);
	}

}
