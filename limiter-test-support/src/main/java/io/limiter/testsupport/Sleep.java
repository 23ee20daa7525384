package io.limiter.testsupport;

/**
 * The pause between two polls of a server that is not ready yet.
 */
final class Sleep {

	private static final long POLL_MILLIS = 50;

	private Sleep() {
	}

	static void briefly() {
		try {
			Thread.sleep(POLL_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for Redis", ex);
		}
	}

}
