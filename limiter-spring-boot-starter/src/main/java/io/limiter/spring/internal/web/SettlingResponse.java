package io.limiter.spring.internal.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import io.limiter.spring.internal.PendingRefunds;

/**
 * A response that settles the pending permits of its request, once, with its status, before anything of it can
 * reach the client: when the application takes its body's stream or writer, flushes it, sends an error or a
 * redirect, and else when the request ends. So a client that reads the answer finds the permits given back.
 */
final class SettlingResponse extends HttpServletResponseWrapper {

	private final PendingRefunds<Integer> pending;

	private final AtomicBoolean settled = new AtomicBoolean();

	SettlingResponse(HttpServletResponse response, PendingRefunds<Integer> pending) {
		super(response);
		this.pending = pending;
	}

	/**
	 * Settles the permits with a status, unless they are settled already.
	 * @param status the status the request ended with
	 */
	void settle(int status) {
		if (this.settled.compareAndSet(false, true)) {
			this.pending.settle(status);
		}
	}

	@Override
	public ServletOutputStream getOutputStream() throws IOException {
		settle(getStatus());
		return super.getOutputStream();
	}

	@Override
	public PrintWriter getWriter() throws IOException {
		settle(getStatus());
		return super.getWriter();
	}

	@Override
	public void flushBuffer() throws IOException {
		settle(getStatus());
		super.flushBuffer();
	}

	@Override
	public void sendError(int status, String message) throws IOException {
		settle(status);
		super.sendError(status, message);
	}

	@Override
	public void sendError(int status) throws IOException {
		settle(status);
		super.sendError(status);
	}

	@Override
	public void sendRedirect(String location) throws IOException {
		settle(HttpServletResponse.SC_FOUND);
		super.sendRedirect(location);
	}

}
