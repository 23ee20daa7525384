package io.limiter.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Picks loopback ports that are free at the moment of asking. A port can still be taken before the server binds it,
 * so callers retry on a bind failure.
 */
final class FreePorts {

	static final int CLUSTER_BUS_OFFSET = 10000;

	private static final int MAX_ATTEMPTS = 200;

	private FreePorts() {
	}

	/**
	 * Returns a free port; with {@code withClusterBus}, one whose cluster bus port ({@code port + 10000}) is free too.
	 */
	static int find(boolean withClusterBus) {
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			int port = bind(0);
			if (!withClusterBus) {
				return port;
			}
			int busPort = port + CLUSTER_BUS_OFFSET;
			if (busPort <= 65535 && bind(busPort) == busPort) {
				return port;
			}
		}
		throw new IllegalStateException("No free loopback port found after " + MAX_ATTEMPTS + " attempts");
	}

	private static int bind(int port) {
		try (ServerSocket socket = new ServerSocket()) {
			socket.setReuseAddress(false);
			socket.bind(new InetSocketAddress(RedisServerProcess.HOST, port));
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			if (port == 0) {
				throw new UncheckedIOException("Cannot bind a loopback port", ex);
			}
			return -1;
		}
	}

}
