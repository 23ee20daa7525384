package io.limiter.testsupport;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP forwarder to one server, on a free port of {@code 127.0.0.1}, that plays the network between a client and the
 * server: a link that can be {@linkplain #delay(Duration) delayed}, as a long-distance link is, and
 * {@linkplain #sever() severed}, as a network partition severs one.
 * <p>
 * <b>Delay.</b> In each direction a reader stamps every chunk it receives with the time it arrived and queues it; a
 * writer writes each chunk, in order, no earlier than its stamp plus the one-way delay. Pipelined requests are
 * therefore each delayed once, as on a real link, not one after the other: a round trip takes at least twice the
 * delay, and many requests in flight take about one round trip together. Opening a connection is not delayed.
 * <p>
 * <b>Sever.</b> While severed it forwards nothing in either direction and serves no new connection, yet closes
 * nothing, since dropped packets reset no connection: a client sees requests that go unanswered and connections that
 * open but say nothing. Healed, it forwards what waited, as TCP retransmits it, each chunk no earlier than its due
 * time.
 * <p>
 * A direction holds at most {@value #QUEUED_CHUNKS} chunks; beyond that its reader stops reading, and the sender's
 * TCP window fills, as on a real link.
 */
public final class LinkProxy implements AutoCloseable {

	private static final int BUFFER_SIZE = 8192;

	private static final int QUEUED_CHUNKS = 1024;

	/** The end of a direction: its reader saw the stream end or fail. */
	private static final Chunk END = new Chunk(null, 0);

	private final ServerSocket listener;

	private final String targetHost;

	private final int targetPort;

	private final List<Socket> sockets = new CopyOnWriteArrayList<>();

	private final Object link = new Object();

	private boolean severed;

	private volatile long delayNanos;

	private volatile boolean closed;

	private LinkProxy(String targetHost, int targetPort) throws IOException {
		this.targetHost = targetHost;
		this.targetPort = targetPort;
		this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		daemon("link-accept-" + port(), this::accept).start();
	}

	/**
	 * Starts forwarding to a server, with no delay.
	 * @param host the server's host
	 * @param port the server's port
	 * @return the running proxy
	 * @throws IOException when no port can be bound
	 */
	public static LinkProxy to(String host, int port) throws IOException {
		return new LinkProxy(Objects.requireNonNull(host, "host"), port);
	}

	/**
	 * Starts forwarding to a Redis node, with no delay.
	 * @param node the node
	 * @return the running proxy
	 * @throws IOException when no port can be bound
	 */
	public static LinkProxy to(RedisNode node) throws IOException {
		return to(node.host(), node.port());
	}

	/** {@return the port clients connect to} */
	public int port() {
		return this.listener.getLocalPort();
	}

	/** {@return the host clients connect to, {@code 127.0.0.1}} */
	public String host() {
		return this.listener.getInetAddress().getHostAddress();
	}

	/** {@return a {@code redis://} URL of the server, through this proxy} */
	public String redisUri() {
		return "redis://" + host() + ":" + port();
	}

	/**
	 * Delays every chunk that arrives from now on, in each direction, by a one-way delay; a round trip takes twice
	 * that. Chunks already queued keep the delay they arrived with.
	 * @param oneWay the one-way delay, zero for none
	 * @return this proxy
	 * @throws IllegalArgumentException when the delay is negative
	 */
	public LinkProxy delay(Duration oneWay) {
		if (oneWay.isNegative()) {
			throw new IllegalArgumentException("Invalid value '" + oneWay + "' of oneWay: a delay is at least zero");
		}
		this.delayNanos = oneWay.toNanos();
		return this;
	}

	/** {@return the one-way delay of chunks that arrive now} */
	public Duration delay() {
		return Duration.ofNanos(this.delayNanos);
	}

	/** Stops forwarding, at once, in both directions and for new connections. */
	public void sever() {
		synchronized (this.link) {
			this.severed = true;
		}
	}

	/** Forwards again, what waited first. */
	public void heal() {
		synchronized (this.link) {
			this.severed = false;
			this.link.notifyAll();
		}
	}

	/** {@return whether the link is severed} */
	public boolean isSevered() {
		synchronized (this.link) {
			return this.severed;
		}
	}

	/** Stops forwarding for good and closes every connection. */
	@Override
	public void close() {
		this.closed = true;
		heal();
		closeQuietly(this.listener);
		this.sockets.forEach(LinkProxy::closeQuietly);
	}

	@Override
	public String toString() {
		return "LinkProxy " + host() + ":" + port() + " -> " + this.targetHost + ":" + this.targetPort + ", one way "
				+ delay().toMillis() + " ms" + (isSevered() ? ", severed" : "");
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
				client.setTcpNoDelay(true);
				server.setTcpNoDelay(true);
				forward(client, server);
				forward(server, client);
			}
			catch (IOException ex) {
				closeQuietly(client);
			}
		}
	}

	/** Starts one direction: a reader that stamps and queues, a writer that waits for each chunk's due time. */
	private void forward(Socket from, Socket to) throws IOException {
		InputStream in = from.getInputStream();
		OutputStream out = to.getOutputStream();
		BlockingQueue<Chunk> queue = new ArrayBlockingQueue<>(QUEUED_CHUNKS);
		String direction = from.getPort() + "-" + to.getPort();
		daemon("link-read-" + direction, () -> {
			byte[] buffer = new byte[BUFFER_SIZE];
			try {
				for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
					queue.put(new Chunk(Arrays.copyOf(buffer, read), System.nanoTime() + this.delayNanos));
				}
			}
			catch (IOException | InterruptedException ex) {
				// one side closed, or the proxy did: the writer ends after what is queued
			}
			finally {
				putEnd(queue);
			}
		}).start();
		daemon("link-write-" + direction, () -> {
			try {
				for (Chunk chunk = queue.take(); chunk != END; chunk = queue.take()) {
					awaitDue(chunk.dueNanos());
					awaitLink();
					out.write(chunk.bytes());
					out.flush();
				}
			}
			catch (IOException | InterruptedException ex) {
				// one side closed: so does the other
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}).start();
	}

	private static void putEnd(BlockingQueue<Chunk> queue) {
		try {
			queue.put(END);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void awaitDue(long dueNanos) {
		for (long wait = dueNanos - System.nanoTime(); wait > 0 && !this.closed; wait = dueNanos - System.nanoTime()) {
			LockSupport.parkNanos(wait);
		}
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

	/**
	 * Bytes read from one side, and the time before which they are not written to the other.
	 * @param bytes the bytes, {@code null} for the end of the stream
	 * @param dueNanos the {@link System#nanoTime()} of arrival plus the delay
	 */
	private record Chunk(byte[] bytes, long dueNanos) {
	}

}
