package io.limiter.spring;

import java.nio.charset.StandardCharsets;

import io.limiter.Decision;

/**
 * Writes the body of the answer to a request that a filter rule denied, for the rules that name the bean in
 * {@code limiter.filter.rules[*].response.body-writer}:
 * <pre>{@code
 * @Bean
 * RateLimitDenialBody loginDenied() {
 *     return (denial) -> RateLimitDenialBody.Body.of("text/plain;charset=UTF-8",
 *             "Too many failed logins; try again in " + denial.retryAfterSeconds() + " s.");
 * }
 * }</pre>
 * It is called on the thread that decided the request: in a WebFlux application a Netty event-loop thread, so
 * it must not block.
 */
@FunctionalInterface
public interface RateLimitDenialBody {

	/**
	 * Returns the body of the answer to a denied request.
	 * @param denial what was denied
	 * @return the body
	 */
	Body body(Denial denial);

	/**
	 * A request a filter rule denied.
	 * @param limitName the name of the limit that denied it
	 * @param path the request's path
	 * @param status the status of the answer
	 * @param decision the limit's decision
	 * @param retryAfterSeconds the answer's {@code Retry-After}: whole seconds, at least one
	 */
	record Denial(String limitName, String path, int status, Decision decision, long retryAfterSeconds) {
	}

	/**
	 * The body of an answer.
	 * @param contentType its media type, such as {@code application/json}
	 * @param content its bytes
	 */
	record Body(String contentType, byte[] content) {

		/**
		 * Returns a body of text in UTF-8.
		 * @param contentType its media type
		 * @param text the text
		 * @return the body
		 */
		public static Body of(String contentType, String text) {
			return new Body(contentType, text.getBytes(StandardCharsets.UTF_8));
		}

	}

}
