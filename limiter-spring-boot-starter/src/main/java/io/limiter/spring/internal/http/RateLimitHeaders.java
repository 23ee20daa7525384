package io.limiter.spring.internal.http;

import java.util.List;
import java.util.function.BiConsumer;

import io.limiter.Decision;
import io.limiter.spring.internal.Verdict;

/**
 * The rate-limit fields of draft-ietf-httpapi-ratelimit-headers-10 for the verdicts of a request, for any HTTP
 * stack:
 * <pre>
 * RateLimit-Policy: "hello";q=10;w=1
 * RateLimit: "hello";r=7;t=1
 * </pre>
 * {@code w} and {@code t} are whole seconds, rounded up.
 */
public final class RateLimitHeaders {

	private final boolean headers;

	private final boolean legacyHeaders;

	/**
	 * Creates the fields' writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 */
	public RateLimitHeaders(boolean headers, boolean legacyHeaders) {
		this.headers = headers;
		this.legacyHeaders = legacyHeaders;
	}

	/**
	 * Sets the fields of the reportable verdicts.
	 * @param verdicts the verdicts of the limits applied to the request
	 * @param header sets one header (name, value) on the response
	 */
	public void write(List<Verdict> verdicts, BiConsumer<String, String> header) {
		StringBuilder policy = new StringBuilder();
		StringBuilder state = new StringBuilder();
		Verdict tightest = null;
		for (Verdict verdict : verdicts) {
			if (!verdict.reportable()) {
				continue;
			}
			Decision decision = verdict.decision();
			String name = quoted(verdict.limitName());
			separate(policy).append(name).append(";q=").append(verdict.limit().capacity()).append(";w=")
				.append(seconds(verdict.limit().periodMillis()));
			separate(state).append(name).append(";r=").append(decision.remaining()).append(";t=")
				.append(seconds(decision.resetAfterMillis()));
			if (tightest == null || decision.remaining() < tightest.decision().remaining()) {
				tightest = verdict;
			}
		}
		if (tightest == null) {
			return;
		}
		if (this.headers) {
			header.accept("RateLimit-Policy", policy.toString());
			header.accept("RateLimit", state.toString());
		}
		if (this.legacyHeaders) {
			Decision decision = tightest.decision();
			header.accept("X-RateLimit-Limit", Long.toString(tightest.limit().capacity()));
			header.accept("X-RateLimit-Remaining", Long.toString(decision.remaining()));
			header.accept("X-RateLimit-Reset", Long.toString(seconds(decision.resetAfterMillis())));
		}
	}

	/**
	 * Returns whole seconds, rounded up.
	 * @param millis milliseconds, at least zero
	 * @return the seconds
	 */
	static long seconds(long millis) {
		return (millis + 999) / 1000;
	}

	private static StringBuilder separate(StringBuilder builder) {
		return (builder.length() > 0) ? builder.append(", ") : builder;
	}

	private static String quoted(String value) {
		return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
	}

}
