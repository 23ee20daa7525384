package io.limiter.spring.internal.http;

import org.springframework.web.util.DisconnectedClientHelper;

/**
 * The final status of a response that failed after its answer started, when no error page can replace it: a server
 * error (500), unless the failure is the client going away (a broken pipe, a reset connection, a closed channel),
 * which is not one: the response then ends with the status it was answering with.
 */
public final class FailedResponses {

	private static final int SERVER_ERROR = 500;

	private FailedResponses() {
	}

	/**
	 * Returns the status a failed response ends with.
	 * @param status the status it was answering with
	 * @param failure what failed, {@code null} when unknown
	 * @return that status when the client went away, else 500
	 */
	public static int status(int status, Throwable failure) {
		return (failure != null && DisconnectedClientHelper.isClientDisconnectedException(failure)) ? status
				: SERVER_ERROR;
	}

}
