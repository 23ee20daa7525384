package com.example.outside;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A {@code redis-server} of the tests' own, on a free loopback port, saving nothing to disk: {@code redis-server}
 * must be on the PATH.
 */
final class LocalRedisServer implements AutoCloseable {

	private static final int ATTEMPTS = 3;

	private final Process process;

	private final int port;

	private LocalRedisServer(Process process, int port) {
		this.process = process;
		this.port = port;
	}

	/**
	 * Starts a server and returns once it accepts connections.
	 * @return the server
	 * @throws IllegalStateException with the server's output when it did not start
	 */
	static LocalRedisServer start() throws IOException {
		String output = "";
		for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
			// another process may take the port between its release here and redis-server's bind: then try again
			int port = freePort();
			Process process = new ProcessBuilder("redis-server", "--port", Integer.toString(port), "--bind",
					"127.0.0.1", "--save", "", "--appendonly", "no")
				.redirectErrorStream(true)
				.start();
			BufferedReader lines = new BufferedReader(
					new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
			StringBuilder seen = new StringBuilder();
			for (String line = lines.readLine(); line != null; line = lines.readLine()) {
				seen.append(line).append('\n');
				if (line.contains("Ready to accept connections")) {
					drain(lines);
					return new LocalRedisServer(process, port);
				}
			}
			output = seen.toString();
		}
		throw new IllegalStateException("redis-server did not start in " + ATTEMPTS + " attempts; its output:\n"
				+ output);
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	/** Reads the rest of the server's output, so that it never blocks on a full pipe. */
	private static void drain(BufferedReader lines) {
		Thread reader = new Thread(() -> {
			try {
				while (lines.readLine() != null) {
					// the log of a server that works is of no interest
				}
			}
			catch (IOException ex) {
				// the pipe closed with the server
			}
		}, "redis-server output");
		reader.setDaemon(true);
		reader.start();
	}

	int port() {
		return this.port;
	}

	String uri() {
		return "redis://127.0.0.1:" + this.port;
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor();
		}
	}

}
