package io.limiter.spring;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One HTTP/1.1 connection to a test server, on which requests are written at once, without waiting for the
 * answers before them (pipelining, or a client quicker than the server), and answers read by their status lines.
 * A connection that stays silent for ten seconds fails the test: the server left a request unanswered.
 */
final class KeptAliveConnection implements AutoCloseable {

	private static final String STATUS_LINE = "HTTP/1.1 200";

	private final Socket socket;

	private final StringBuilder received = new StringBuilder();

	private int statusLinesRead;

	KeptAliveConnection(int port) throws IOException {
		this.socket = new Socket("127.0.0.1", port);
		this.socket.setSoTimeout((int) Duration.ofSeconds(10).toMillis());
	}

	/**
	 * Returns a GET request.
	 * @param path its path
	 * @param headers names and values of its headers, in pairs
	 * @return the request as sent
	 */
	static String get(String path, String... headers) {
		StringBuilder request = new StringBuilder("GET ").append(path).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
		for (int i = 0; i < headers.length; i += 2) {
			request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
		}
		return request.append("\r\n").toString();
	}

	/**
	 * Writes requests in one write.
	 * @param requests the requests ({@link #get})
	 */
	void send(String... requests) throws IOException {
		this.socket.getOutputStream().write(String.join("", requests).getBytes(StandardCharsets.US_ASCII));
	}

	/**
	 * Reads until the given number of further answers have begun, and returns their status lines (three digits of
	 * status).
	 * @param answers how many answers
	 * @return their status lines, in order
	 */
	List<String> statusLines(int answers) throws IOException {
		byte[] buffer = new byte[8192];
		List<String> statusLines = statusLinesAfter(this.statusLinesRead);
		while (statusLines.size() < answers) {
			int read;
			try {
				read = this.socket.getInputStream().read(buffer);
			}
			catch (SocketTimeoutException ex) {
				throw new AssertionError("the connection went silent after " + statusLines, ex);
			}
			assertThat(read).as("the connection closed after %s", statusLines).isPositive();
			this.received.append(new String(buffer, 0, read, StandardCharsets.US_ASCII));
			statusLines = statusLinesAfter(this.statusLinesRead);
		}
		List<String> taken = statusLines.subList(0, answers);
		this.statusLinesRead += answers;
		return List.copyOf(taken);
	}

	private List<String> statusLinesAfter(int skipped) {
		List<String> statusLines = new ArrayList<>();
		int seen = 0;
		for (int at = this.received.indexOf("HTTP/1.1 "); at >= 0 && at + STATUS_LINE.length() <= this.received.length();
				at = this.received.indexOf("HTTP/1.1 ", at + 1)) {
			if (seen++ >= skipped) {
				statusLines.add(this.received.substring(at, at + STATUS_LINE.length()));
			}
		}
		return statusLines;
	}

	@Override
	public void close() throws IOException {
		this.socket.close();
	}

}
