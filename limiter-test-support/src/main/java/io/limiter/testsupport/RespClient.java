package io.limiter.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import javax.net.ssl.SSLSocketFactory;

/**
 * A minimal RESP2 client for the fixture's administrative commands: one short-lived connection per call, so a dead
 * or restarting server can never leave a broken connection behind.
 * <p>
 * Replies map to {@link String} (simple and bulk strings), {@link Long}, {@link List} and {@code null}; error
 * replies throw {@link ErrorReply}.
 */
final class RespClient {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private final String host;

	private final int port;

	private final String password;

	private final SSLSocketFactory tls;

	RespClient(String host, int port, String password) {
		this(host, port, password, null);
	}

	/**
	 * A client that speaks TLS through {@code tls}, or plain text when it is {@code null}.
	 */
	RespClient(String host, int port, String password, SSLSocketFactory tls) {
		this.host = host;
		this.port = port;
		this.password = password;
		this.tls = tls;
	}

	/**
	 * Sends one command, after {@code AUTH} when a password is set, and returns its reply.
	 */
	Object call(String... command) throws IOException {
		int timeout = (int) TIMEOUT.toMillis();
		try (Socket plain = new Socket()) {
			plain.connect(new InetSocketAddress(this.host, this.port), timeout);
			plain.setSoTimeout(timeout);
			Socket socket = (this.tls != null) ? this.tls.createSocket(plain, this.host, this.port, true) : plain;
			OutputStream out = socket.getOutputStream();
			InputStream in = new BufferedInputStream(socket.getInputStream());
			if (this.password != null) {
				write(out, "AUTH", this.password);
				read(in);
			}
			write(out, command);
			return read(in);
		}
	}

	/**
	 * Sends one command for a caller outside the fixtures, to whom a failure is an {@link IllegalStateException}.
	 * @param server what the message calls the server
	 * @throws IllegalStateException naming the command and the server when it fails or the server replies with an
	 * error
	 */
	Object command(Object server, String... command) {
		try {
			return call(command);
		}
		catch (IOException ex) {
			throw new IllegalStateException(command[0] + " failed on " + server + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * Sends one command whose reply is a string.
	 */
	String text(String... command) throws IOException {
		return String.valueOf(call(command));
	}

	/**
	 * Returns whether the server answers at all; an error reply such as {@code NOAUTH} counts as an answer.
	 */
	boolean answers() {
		try {
			call("PING");
			return true;
		}
		catch (ErrorReply ex) {
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Returns the value of one {@code field:value} line of an {@code INFO}-style reply, or {@code null}.
	 */
	static String field(String info, String name) {
		String prefix = name + ":";
		for (String line : info.split("\r?\n")) {
			if (line.startsWith(prefix)) {
				return line.substring(prefix.length()).trim();
			}
		}
		return null;
	}

	@Override
	public String toString() {
		return this.host + ":" + this.port;
	}

	private static void write(OutputStream out, String... command) throws IOException {
		ByteArrayOutputStream buffer = new ByteArrayOutputStream();
		buffer.writeBytes(("*" + command.length + "\r\n").getBytes(StandardCharsets.UTF_8));
		for (String argument : command) {
			byte[] bytes = argument.getBytes(StandardCharsets.UTF_8);
			buffer.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.UTF_8));
			buffer.writeBytes(bytes);
			buffer.writeBytes(new byte[] { '\r', '\n' });
		}
		out.write(buffer.toByteArray());
		out.flush();
	}

	private static Object read(InputStream in) throws IOException {
		int type = in.read();
		if (type == -1) {
			throw new EOFException("Connection closed before a reply");
		}
		String line = readLine(in);
		switch (type) {
			case '+':
				return line;
			case '-':
				throw new ErrorReply(line);
			case ':':
				return Long.parseLong(line);
			case '$': {
				int length = Integer.parseInt(line);
				if (length < 0) {
					return null;
				}
				byte[] bytes = in.readNBytes(length + 2);
				if (bytes.length != length + 2) {
					throw new EOFException("Connection closed in a bulk reply");
				}
				return new String(bytes, 0, length, StandardCharsets.UTF_8);
			}
			case '*': {
				int count = Integer.parseInt(line);
				if (count < 0) {
					return null;
				}
				List<Object> items = new ArrayList<>(count);
				for (int i = 0; i < count; i++) {
					items.add(read(in));
				}
				return items;
			}
			default:
				throw new IOException("Unexpected RESP type '" + (char) type + "'");
		}
	}

	private static String readLine(InputStream in) throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		int previous = -1;
		for (int b = in.read(); b != -1; b = in.read()) {
			if (previous == '\r' && b == '\n') {
				byte[] bytes = line.toByteArray();
				return new String(bytes, 0, bytes.length - 1, StandardCharsets.UTF_8);
			}
			line.write(b);
			previous = b;
		}
		throw new EOFException("Connection closed in a reply line");
	}

	/**
	 * An error reply from the server.
	 */
	static final class ErrorReply extends IOException {

		private static final long serialVersionUID = 1L;

		ErrorReply(String message) {
			super(message);
		}

	}

}
