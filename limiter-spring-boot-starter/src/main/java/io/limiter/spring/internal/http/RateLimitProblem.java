package io.limiter.spring.internal.http;

import java.nio.charset.StandardCharsets;

/**
 * The answer to a denied request, for any HTTP stack: status 429, {@code Retry-After} in whole seconds (at
 * least one) and an RFC 9457 problem that names the limit.
 */
public final class RateLimitProblem {

	/** The status of a denied request. */
	public static final int STATUS = 429;

	/** The media type of the problem body. */
	public static final String MEDIA_TYPE = "application/problem+json";

	private final long retryAfterSeconds;

	private final byte[] body;

	/**
	 * Creates the answer.
	 * @param instance the request's path, the problem's {@code instance}
	 * @param limitName the name of the limit that denied the request
	 * @param retryAfterMillis when the request could be granted
	 */
	public RateLimitProblem(String instance, String limitName, long retryAfterMillis) {
		this.retryAfterSeconds = Math.max(1, RateLimitHeaders.seconds(retryAfterMillis));
		this.body = json(instance, limitName, this.retryAfterSeconds).getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Returns the value of the {@code Retry-After} field.
	 * @return whole seconds, at least one
	 */
	public String retryAfter() {
		return Long.toString(this.retryAfterSeconds);
	}

	/**
	 * Returns the problem body, UTF-8 JSON.
	 * @return the bytes (the caller must not change them)
	 */
	public byte[] body() {
		return this.body;
	}

	private static String json(String instance, String limitName, long retryAfter) {
		return "{\"type\":\"about:blank\",\"title\":\"Too Many Requests\",\"status\":" + STATUS + ",\"detail\":"
				+ json("Rate limit '" + limitName + "' exceeded; retry after " + retryAfter + " s.")
				+ ",\"instance\":" + json(instance) + ",\"limit\":" + json(limitName) + ",\"retryAfter\":"
				+ retryAfter + "}";
	}

	private static String json(String value) {
		StringBuilder out = new StringBuilder(value.length() + 2).append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.append('"').toString();
	}

}
