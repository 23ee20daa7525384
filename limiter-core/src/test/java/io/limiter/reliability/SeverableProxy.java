package io.limiter.reliability;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP forwarder to one server, on a free port of {@code 127.0.0.1}, whose link can be severed as a network
 * partition severs one: while severed it forwards nothing in either direction and serves no new connection, yet
 * closes nothing, since dropped packets reset no connection. A client sees requests that go unanswered and
 * connections that open but say nothing. Healed, it forwards what waited, as TCP retransmits it.
 */
final class SeverableProxy implements AutoCloseable {

	private static final int BUFFER_SIZE = 8192;

	private final ServerSocket listener;

	private final String targetHost;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final Object link = new Object();

	private boolean severed;

	private volatile boolean closed;

	private SeverableProxy(String targetHost, int targetPort) throws IOException {
		this.targetHost = targetHost;
		this.targetPort = targetPort;
		this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon("proxy-accept-" + port(), this::accept).start();
	}

	/**
	 * Starts forwarding to a server.
	 * @param host the server's host
	 * @param port the server's port
	 * @return the running proxy
	 * @throws IOException when no port can be bound
	 */
	static SeverableProxy to(String host, int port) throws IOException {
		return new SeverableProxy(host, port);
	}

	/** {@return the port clients connect to} */
	int port() {
		return this.listener.getLocalPort();
	}

	/** {@return a {@code redis://} URL of the server, through this proxy} */
	String redisUri() {
		return "redis://" + this.listener.getInetAddress().getHostAddress() + ":" + port();
	}

	/** Stops forwarding, at once, in both directions and for new connections. */
	void sever() {
		synchronized (this.link) {
			this.severed = true;
		}
	}

	/** Forwards again, what waited first. */
	void heal() {
		synchronized (this.link) {
			this.severed = false;
			this.link.notifyAll();
		}
	}

	@Override
	public void close() {
		this.closed = true;
		heal();
		closeQuietly(this.listener);
		this.sockets.forEach(SeverableProxy::closeQuietly);
	}

	private void accept() {
		while (!this.closed) {
			Socket client;
			try {
				client = this.listener.accept();
			}
			catch (IOException ex) {
				return;
			}
			this.sockets.add(client);
			try {
				awaitLink();
				Socket server = new Socket(this.targetHost, this.targetPort);
				this.sockets.add(server);
				forward(client, server);
				forward(server, client);
			}
			catch (IOException ex) {
				closeQuietly(client);
			}
		}
	}

	private void forward(Socket from, Socket to) throws IOException {
		InputStream in = from.getInputStream();
		OutputStream out = to.getOutputStream();
		daemon("proxy-" + from.getPort() + "-" + to.getPort(), () -> {
			byte[] buffer = new byte[BUFFER_SIZE];
			try {
				for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
					awaitLink();
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// one side closed: so does the other
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}).start();
	}

	private void awaitLink() throws SocketException {
		synchronized (this.link) {
			while (this.severed) {
				try {
					this.link.wait();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new SocketException("interrupted while the link was severed");
				}
			}
		}
		if (this.closed) {
			throw new SocketException("proxy closed");
		}
	}

	private static Thread daemon(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	private static void closeQuietly(Closeable closeable) {
		try {
			closeable.close();
		}
		catch (IOException ex) {
			// closed already, or closing anyway
		}
	}

}
