package io.limiter.spring.internal.http;

import java.util.function.Supplier;

import org.springframework.http.HttpStatusCode;
import org.springframework.web.server.ResponseStatusException;

import io.limiter.spring.EmptyKey;

/**
 * What a filter rule makes of a request whose key resolves to nothing (a missing or blank header, an expression
 * that gives {@code null} or blank text, no authenticated user), whatever the HTTP stack. Such requests never
 * share one key unless the rule says so: by default each is keyed by its client address.
 * @param answer what such a request's key is
 * @param status the status of the answer to such a request when the rule denies it, from 400 to 599
 * @param lacking what such a request lacks, for the reason of the answer, such as {@code the header X-Api-Key}
 */
public record EmptyKeyPolicy(EmptyKey answer, int status, String lacking) {

	/** The key that requests without one share when the rule says they share one. */
	public static final String SHARED = "";

	/**
	 * Creates a policy.
	 * @param answer what such a request's key is
	 * @param status the status of the answer to such a request when the rule denies it, from 400 to 599
	 * @param lacking what such a request lacks, for the reason of the answer
	 * @throws IllegalArgumentException when the status is not from 400 to 599
	 */
	public EmptyKeyPolicy {
		if (status < 400 || status > 599) {
			throw new IllegalArgumentException("the status must be from 400 to 599");
		}
	}

	/**
	 * Returns the key of a request.
	 * @param key the key the rule's key setting gave, possibly {@code null}
	 * @param clientAddress gives the key of the request's client address
	 * @return the key when it is not blank, else the key that this policy gives such a request
	 * @throws ResponseStatusException with {@link #status()} when the key is blank and the rule denies the request
	 */
	public String keyOr(String key, Supplier<String> clientAddress) {
		if (key != null && !key.isBlank()) {
			return key;
		}
		return switch (this.answer) {
			case CLIENT_ADDRESS -> clientAddress.get();
			case SHARE -> SHARED;
			case DENY -> throw new ResponseStatusException(HttpStatusCode.valueOf(this.status),
					"The request lacks " + this.lacking + ", by which its rate limit tells clients apart.");
		};
	}

}
