package io.limiter.spring.testapp;

import java.util.Iterator;

/**
 * Bodies for answers that start well and may fail while they are written: small ones, which fail before any of
 * them leaves the server, and long ones, which fail after the server sent their start (more than a response buffer
 * holds).
 */
public final class LateBodies {

	/** The first chunk of a streamed answer: longer than a response buffer, so it leaves the server at once. */
	public static final String FIRST_CHUNK = "first chunk\n".repeat(8192);

	/** The last chunk of a streamed answer that does not break off. */
	public static final String LAST_CHUNK = "last chunk\n";

	private static final int LONG_BODY_LINES = 8192;

	private LateBodies() {
	}

	/** A body that serializes. */
	public static class Fine {

		public String getName() {
			return "fine";
		}

	}

	/** A small body whose serialization fails, after its status was set. */
	public static class Breaking {

		public String getName() {
			throw new IllegalStateException("a getter that throws while the body is written");
		}

	}

	/** A long body whose serialization fails after its start left the server. */
	public static class BreakingLate {

		public Iterator<String> getLines() {
			return new Iterator<>() {

				private int written;

				@Override
				public boolean hasNext() {
					return true;
				}

				@Override
				public String next() {
					if (this.written++ == LONG_BODY_LINES) {
						throw new IllegalStateException("a body that breaks off once its start is sent");
					}
					return "a line of a long answer";
				}

			};
		}

	}

}
