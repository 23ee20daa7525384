package io.limiter.spring.internal.http;

import java.util.List;
import java.util.function.BiConsumer;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.spring.internal.Verdict;

/**
 * The rate-limit fields of draft-ietf-httpapi-ratelimit-headers-10 for the verdicts of a request, for any HTTP
 * stack:
 * <pre>
 * RateLimit-Policy: "hello";q=10;w=1
 * RateLimit: "hello";r=7;t=1
 * </pre>
 * {@code w} and {@code t} are whole seconds, rounded up. The policy's window is the period rounded up to whole
 * seconds and its quota the permits of that window at the limit's rate, rounded down: 10 per 250 ms is
 * {@code q=40;w=1}, 10 per 1500 ms is {@code q=13;w=2}.
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
			appendPolicy(separate(policy).append(name), verdict.limit());
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
	 * Appends the quota and window of a limit: the window is its period in whole seconds, rounded up, and the quota
	 * the permits of that window at its rate, rounded down, so a client that keeps to the announced rate never asks
	 * faster than the limit refills. {@code capacity * period <= 2^53} (a {@code Limit} guarantees it) and the window
	 * is less than 1001 periods, so the product fits in a {@code long}.
	 * @param builder the field being built
	 * @param limit the limit
	 * @return the builder
	 */
	static StringBuilder appendPolicy(StringBuilder builder, Limit limit) {
		long window = seconds(limit.periodMillis());
		long quota = limit.capacity() * (window * 1000) / limit.periodMillis();
		return builder.append(";q=").append(quota).append(";w=").append(window);
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
