package io.limiter.spring.internal.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import org.springframework.http.HttpHeaders;

import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.http.FailedResponses;

/**
 * A response that settles the pending permits of its request, once, with the request's final outcome, at the last
 * moment before the end of its answer can reach the client. The request's end settles it ({@link RateLimitFilter},
 * after the last dispatch, or {@link CommittedFailureResolver}), so an answer that fails while its body is written
 * (a serialization that breaks off, a streaming body that throws) counts as the error it turns into. Only an answer
 * whose end leaves before the request ends settles earlier, with its status: when the application closes the body,
 * writes the last bytes of a body whose length it declared (the container sends such an answer as soon as it is
 * whole), or writes text to a body whose length it declared. So a client that reads the answer finds the permits
 * back.
 */
final class SettlingResponse extends HttpServletResponseWrapper {

	private static final String ATTRIBUTE = SettlingResponse.class.getName();

	private final PendingRefunds<Integer> pending;

	private final AtomicBoolean settled = new AtomicBoolean();

	private ServletOutputStream outputStream;

	private PrintWriter writer;

	private SettlingResponse(HttpServletResponse response, PendingRefunds<Integer> pending) {
		super(response);
		this.pending = pending;
	}

	/**
	 * Wraps the response of a request whose permits are pending, and keeps the wrapper with the request, for its
	 * async dispatches and for {@link CommittedFailureResolver}.
	 * @param request the request
	 * @param response its response
	 * @param pending the permits
	 * @return the wrapper
	 */
	static SettlingResponse wrap(ServletRequest request, HttpServletResponse response,
			PendingRefunds<Integer> pending) {
		SettlingResponse settling = new SettlingResponse(response, pending);
		request.setAttribute(ATTRIBUTE, settling);
		return settling;
	}

	/**
	 * Returns the wrapper kept with a request.
	 * @param request the request
	 * @return its wrapper, or {@code null} when its permits are not pending
	 */
	static SettlingResponse of(ServletRequest request) {
		return (request.getAttribute(ATTRIBUTE) instanceof SettlingResponse settling) ? settling : null;
	}

	/**
	 * Settles the permits with the status the request ended with, unless they are settled already.
	 */
	void settle() {
		settle(getStatus());
	}

	/**
	 * Settles the permits of a request that failed, unless they are settled already: with its status when the
	 * client went away, else as a server error.
	 * @param failure what failed
	 */
	void settleFailed(Throwable failure) {
		settle(FailedResponses.status(getStatus(), failure));
	}

	private void settle(int status) {
		if (this.settled.compareAndSet(false, true)) {
			this.pending.settle(status);
		}
	}

	/**
	 * Settles before the last bytes of a body whose length is declared: the container may send the answer whole
	 * as soon as it has them.
	 */
	private void beforeBytes(long written, long length) {
		long declared = declaredLength();
		if (declared >= 0 && written + length >= declared) {
			settle();
		}
	}

	/** Settles before the text of a body whose length is declared, whose bytes the container counts. */
	private void beforeText() {
		if (declaredLength() >= 0) {
			settle();
		}
	}

	private long declaredLength() {
		String length = this.settled.get() ? null : getHeader(HttpHeaders.CONTENT_LENGTH);
		try {
			return (length != null) ? Long.parseLong(length.trim()) : -1;
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	@Override
	public ServletOutputStream getOutputStream() throws IOException {
		if (this.outputStream == null) {
			this.outputStream = new SettlingOutputStream(super.getOutputStream());
		}
		return this.outputStream;
	}

	@Override
	public PrintWriter getWriter() throws IOException {
		if (this.writer == null) {
			this.writer = new SettlingWriter(super.getWriter());
		}
		return this.writer;
	}

	/** The body's stream, which settles before it sends the end of the answer. */
	private final class SettlingOutputStream extends ServletOutputStream {

		private final ServletOutputStream stream;

		private long written;

		SettlingOutputStream(ServletOutputStream stream) {
			this.stream = stream;
		}

		@Override
		public void write(int b) throws IOException {
			beforeBytes(this.written++, 1);
			this.stream.write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) throws IOException {
			beforeBytes(this.written, length);
			this.written += length;
			this.stream.write(bytes, offset, length);
		}

		@Override
		public void write(ByteBuffer buffer) throws IOException {
			int length = buffer.remaining();
			beforeBytes(this.written, length);
			this.written += length;
			this.stream.write(buffer);
		}

		@Override
		public void close() throws IOException {
			settle();
			this.stream.close();
		}

		@Override
		public boolean isReady() {
			return this.stream.isReady();
		}

		@Override
		public void setWriteListener(WriteListener listener) {
			this.stream.setWriteListener(listener);
		}

	}

	/** The body's writer, which settles before it sends the end of the answer. */
	private final class SettlingWriter extends PrintWriter {

		SettlingWriter(PrintWriter writer) {
			super(writer);
		}

		@Override
		public void write(int c) {
			beforeText();
			super.write(c);
		}

		@Override
		public void write(char[] chars, int offset, int length) {
			beforeText();
			super.write(chars, offset, length);
		}

		@Override
		public void write(String text, int offset, int length) {
			beforeText();
			super.write(text, offset, length);
		}

		@Override
		public void close() {
			settle();
			super.close();
		}

	}

}
