package io.limiter.internal.redis;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Describes a failure by the messages of its whole cause chain, so that the server's own reply, such as
 * {@code WRONGPASS ...} under Lettuce's {@code Unable to connect to ...}, reaches logs and observers.
 */
final class FailureDescription {

	private FailureDescription() {
	}

	/**
	 * Returns the messages of a failure and its causes, outermost first, joined by {@code ": "}; wrappers
	 * without a message of their own are skipped.
	 * @param failure the failure
	 * @return the description
	 */
	static String of(Throwable failure) {
		StringBuilder description = new StringBuilder();
		for (Throwable current = failure; current != null; current = current.getCause()) {
			if (current instanceof CompletionException || current instanceof ExecutionException) {
				continue;
			}
			String message = (current.getMessage() != null) ? current.getMessage() : current.getClass().getName();
			if (description.indexOf(message) < 0) {
				description.append((description.length() > 0) ? ": " : "").append(message);
			}
			if (current.getCause() == current) {
				break;
			}
		}
		return description.toString();
	}

}
