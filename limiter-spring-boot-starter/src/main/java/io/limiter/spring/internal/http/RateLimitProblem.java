package io.limiter.spring.internal.http;

import org.springframework.http.HttpStatus;

import io.limiter.spring.RateLimitDenialBody;

/**
 * The body a denied request gets unless its rule names another: an RFC 9457 problem that names the limit, with
 * the status of the answer (429 unless the rule sets another) and its reason phrase as the title.
 */
public final class RateLimitProblem implements RateLimitDenialBody {

	/** The media type of the problem body. */
	public static final String MEDIA_TYPE = "application/problem+json";

	/** The one instance. */
	public static final RateLimitProblem INSTANCE = new RateLimitProblem();

	private RateLimitProblem() {
	}

	@Override
	public Body body(Denial denial) {
		HttpStatus known = HttpStatus.resolve(denial.status());
		String title = (known != null) ? known.getReasonPhrase() : "Request Denied";
		String json = "{\"type\":\"about:blank\",\"title\":" + json(title) + ",\"status\":" + denial.status()
				+ ",\"detail\":" + json("Rate limit '" + denial.limitName() + "' exceeded; retry after "
						+ denial.retryAfterSeconds() + " s.")
				+ ",\"instance\":" + json(denial.path()) + ",\"limit\":" + json(denial.limitName())
				+ ",\"retryAfter\":" + denial.retryAfterSeconds() + "}";
		return Body.of(MEDIA_TYPE, json);
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
