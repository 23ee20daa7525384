package io.limiter.testsupport;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects the lines that Limiter logs under {@code io.limiter}, core and starter alike (through
 * {@code System.Logger}, which goes to {@code java.util.logging} when no other logging system is installed), while
 * it is open.
 */
public final class LogCapture implements AutoCloseable {

	private final Logger logger = Logger.getLogger("io.limiter");

	private final List<String> lines = new CopyOnWriteArrayList<>();

	private final Handler handler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			LogCapture.this.lines.add(record.getLevel() + " " + record.getMessage());
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}

	};

	/**
	 * Starts collecting.
	 */
	public LogCapture() {
		this.logger.addHandler(this.handler);
	}

	/** {@return the lines logged so far, each as its level, a space and its message} */
	public List<String> lines() {
		return List.copyOf(this.lines);
	}

	@Override
	public void close() {
		this.logger.removeHandler(this.handler);
	}

}
