package io.limiter.spring.client;

import java.io.IOException;
import java.io.InterruptedIOException;

import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

import io.limiter.Decision;

/**
 * Waits on the calling thread for a permit of the limit (at most its maxWait) and sends the call once the permit is
 * due; throws {@link OutboundRateLimitExceededException}, without sending, when no permit is due in time. A limit in
 * shadow mode never waits and never denies.
 */
final class LimitedCallInterceptor implements ClientHttpRequestInterceptor {

	private final OutboundLimit limit;

	LimitedCallInterceptor(OutboundLimit limit) {
		this.limit = limit;
	}

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		String key = this.limit.keyOf(request);
		Decision decision;
		try {
			decision = this.limit.limiter().tryAcquire(key, this.limit.cost(), this.limit.maxWait());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			InterruptedIOException interrupted = new InterruptedIOException("interrupted while " + request.getMethod()
					+ " " + request.getURI() + " waited for a permit of " + this.limit + "; the call was not sent");
			interrupted.initCause(ex);
			throw interrupted;
		}
		if (!this.limit.sends(request, key, decision)) {
			throw this.limit.denied(request, key, decision);
		}
		return execution.execute(request, body);
	}

	@Override
	public String toString() {
		return "LimitedCallInterceptor{" + this.limit + "}";
	}

}
