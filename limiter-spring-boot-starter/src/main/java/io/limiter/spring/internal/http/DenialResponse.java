package io.limiter.spring.internal.http;

import java.util.Map;

import org.springframework.http.ProblemDetail;

import io.limiter.Decision;
import io.limiter.spring.RateLimitDenialBody;
import io.limiter.spring.RateLimitDenialBody.Body;
import io.limiter.spring.RateLimitDenialBody.Denial;

/**
 * How a filter rule answers a request it denied, for any HTTP stack: a status (429 by default), the rate-limit
 * fields, {@code Retry-After} in whole seconds (at least one), extra headers, and a body (an RFC 9457 problem by
 * default).
 */
public final class DenialResponse {

	/** The status of a denied request unless its rule sets another. */
	public static final int DEFAULT_STATUS = 429;

	/** 429 and the problem body, no extra headers. */
	public static final DenialResponse DEFAULT = new DenialResponse(DEFAULT_STATUS, Map.of(),
			RateLimitProblem.INSTANCE);

	private final int status;

	private final Map<String, String> headers;

	private final RateLimitDenialBody body;

	/**
	 * Creates a response.
	 * @param status the status, from 400 to 599
	 * @param headers extra headers, set after the rate-limit fields and {@code Retry-After}
	 * @param body writes the body
	 * @throws IllegalArgumentException when the status is out of range
	 */
	public DenialResponse(int status, Map<String, String> headers, RateLimitDenialBody body) {
		if (status < 400 || status > 599) {
			throw new IllegalArgumentException("the status must be from 400 to 599");
		}
		this.status = status;
		this.headers = Map.copyOf(headers);
		this.body = body;
	}

	/**
	 * Returns the answer to a denied request.
	 * @param path the request's path, the problem's {@code instance}
	 * @param limitName the name of the limit that denied it
	 * @param decision the limit's decision
	 * @return the answer
	 */
	public Answer answer(String path, String limitName, Decision decision) {
		long retryAfter = RateLimitHeaders.retryAfterSeconds(decision);
		return new Answer(this.status, Long.toString(retryAfter), this.headers, this.body,
				new Denial(limitName, path, this.status, decision, retryAfter));
	}

	/**
	 * The answer to one denied request.
	 * @param status its status
	 * @param retryAfter the value of {@code Retry-After}
	 * @param headers extra headers
	 * @param writer writes its body
	 * @param denial what was denied
	 */
	public record Answer(int status, String retryAfter, Map<String, String> headers, RateLimitDenialBody writer,
			Denial denial) {

		/**
		 * Returns the problem to write with the application's converters, when the rule answers with the default
		 * problem.
		 * @return the problem, or {@code null} when the rule names a body writer of its own
		 */
		public ProblemDetail problem() {
			return (this.writer == RateLimitProblem.INSTANCE) ? RateLimitProblem.problem(this.denial) : null;
		}

		/** {@return the body as the rule's writer writes it: the problem by hand for the default rule} */
		public Body body() {
			return this.writer.body(this.denial);
		}

	}

}
