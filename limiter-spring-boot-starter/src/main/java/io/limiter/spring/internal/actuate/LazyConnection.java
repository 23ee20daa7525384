package io.limiter.spring.internal.actuate;

import java.util.function.Supplier;

import io.lettuce.core.api.StatefulConnection;

/**
 * A Redis connection opened on first use and kept; Lettuce reconnects it after a failure.
 * @param <C> the connection type
 */
final class LazyConnection<C extends StatefulConnection<?, ?>> {

	private final Supplier<C> connect;

	private C connection;

	LazyConnection(Supplier<C> connect) {
		this.connect = connect;
	}

	synchronized C get() {
		if (this.connection == null) {
			this.connection = this.connect.get();
		}
		return this.connection;
	}

	synchronized void close() {
		if (this.connection != null) {
			this.connection.close();
			this.connection = null;
		}
	}

}
