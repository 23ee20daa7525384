package io.limiter.spring.client;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

import org.springframework.http.HttpMethod;

import io.limiter.Decision;
import io.limiter.spring.RateLimitExceededException;

/**
 * Thrown (or signalled by {@code WebClient}'s {@code Mono}) for an outbound call that was not sent: its limit had
 * no permit for the call's key within the longest wait. Being a {@link RateLimitExceededException}, when it leaves a
 * Spring MVC or WebFlux handler uncaught it is answered as an inbound denial is: 429 with {@code Retry-After}.
 */
public class OutboundRateLimitExceededException extends RateLimitExceededException {

	private static final long serialVersionUID = 1L;

	/** The key the call was counted under. */
	private final String key;

	/** The call's method. */
	private final HttpMethod method;

	/** The call's URI. */
	private final URI uri;

	/** The longest wait the call accepted. */
	private final Duration maxWait;

	/**
	 * Creates an exception.
	 * @param limitName the name of the limit that denied the call
	 * @param plan the plan of the limit that denied it
	 * @param key the key the call was counted under
	 * @param method the call's method
	 * @param uri the call's URI
	 * @param maxWait the longest wait the call accepted
	 * @param decision the denying decision, with its retry-after
	 */
	public OutboundRateLimitExceededException(String limitName, String plan, String key, HttpMethod method, URI uri,
			Duration maxWait, Decision decision) {
		super(limitName, plan, decision);
		this.key = Objects.requireNonNull(key, "key must not be null");
		this.method = Objects.requireNonNull(method, "method must not be null");
		this.uri = Objects.requireNonNull(uri, "uri must not be null");
		this.maxWait = Objects.requireNonNull(maxWait, "maxWait must not be null");
	}

	/**
	 * Says which call was not sent, under which limit and key, and when a permit is due.
	 */
	@Override
	public String getMessage() {
		return this.method + " " + this.uri + " was not sent: rate limit '" + limitName() + "' has no permit for key '"
				+ this.key + "' within maxWait " + this.maxWait.toMillis() + " ms; retry after "
				+ decision().retryAfterMillis() + " ms";
	}

	/** {@return the key the call was counted under} */
	public String key() {
		return this.key;
	}

	/** {@return the method of the call that was not sent} */
	public HttpMethod method() {
		return this.method;
	}

	/** {@return the URI of the call that was not sent} */
	public URI uri() {
		return this.uri;
	}

	/** {@return the longest wait the call accepted} */
	public Duration maxWait() {
		return this.maxWait;
	}

}
