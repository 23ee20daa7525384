package io.limiter.spring.internal.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.spring.internal.Verdict;

/**
 * Writes the rate-limit fields of draft-ietf-httpapi-ratelimit-headers-10 on every limited response, and
 * answers a denied request with 429, {@code Retry-After} and an RFC 9457 problem.
 * <pre>
 * RateLimit-Policy: "hello";q=10;w=1
 * RateLimit: "hello";r=7;t=1
 * </pre>
 * {@code w}, {@code t} and {@code Retry-After} are whole seconds, rounded up. The policy's window is the period
 * rounded up to whole seconds and its quota the permits of that window at the limit's rate, rounded down: 10 per
 * 250 ms is {@code q=40;w=1}, 10 per 1500 ms is {@code q=13;w=2}, so a client that keeps to the announced rate
 * never asks faster than the limit refills.
 */
public final class RateLimitResponses {

	/** The media type of the problem body. */
	public static final String PROBLEM_JSON = "application/problem+json";

	private final boolean headers;

	private final boolean legacyHeaders;

	/**
	 * Creates a writer.
	 * @param headers whether to write the {@code RateLimit-Policy} and {@code RateLimit} fields
	 * @param legacyHeaders whether to write {@code X-RateLimit-Limit}, {@code -Remaining} and {@code -Reset}
	 */
	public RateLimitResponses(boolean headers, boolean legacyHeaders) {
		this.headers = headers;
		this.legacyHeaders = legacyHeaders;
	}

	/**
	 * Writes the headers of the reportable verdicts.
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request
	 */
	public void writeHeaders(HttpServletResponse response, List<Verdict> verdicts) {
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
			response.setHeader("RateLimit-Policy", policy.toString());
			response.setHeader("RateLimit", state.toString());
		}
		if (this.legacyHeaders) {
			Decision decision = tightest.decision();
			response.setHeader("X-RateLimit-Limit", Long.toString(tightest.limit().capacity()));
			response.setHeader("X-RateLimit-Remaining", Long.toString(decision.remaining()));
			response.setHeader("X-RateLimit-Reset", Long.toString(seconds(decision.resetAfterMillis())));
		}
	}

	/**
	 * Answers a denied request: headers, 429, {@code Retry-After} and a problem body.
	 * @param request the request
	 * @param response the response, not yet committed
	 * @param verdicts the verdicts of the limits applied to the request, for the headers
	 * @param limitName the name of the limit that denied it
	 * @param retryAfterMillis when the request could be granted
	 * @throws IOException when the body cannot be written
	 */
	public void deny(HttpServletRequest request, HttpServletResponse response, List<Verdict> verdicts,
			String limitName, long retryAfterMillis) throws IOException {
		writeHeaders(response, verdicts);
		long retryAfter = Math.max(1, seconds(retryAfterMillis));
		response.setStatus(429);
		response.setHeader("Retry-After", Long.toString(retryAfter));
		response.setContentType(PROBLEM_JSON);
		byte[] body = problem(request.getRequestURI(), limitName, retryAfter).getBytes(StandardCharsets.UTF_8);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

	private static String problem(String instance, String limitName, long retryAfter) {
		return "{\"type\":\"about:blank\",\"title\":\"Too Many Requests\",\"status\":429,\"detail\":"
				+ json("Rate limit '" + limitName + "' exceeded; retry after " + retryAfter + " s.")
				+ ",\"instance\":" + json(instance) + ",\"limit\":" + json(limitName) + ",\"retryAfter\":"
				+ retryAfter + "}";
	}

	/**
	 * Appends the quota and window of a limit: the window is its period in whole seconds, rounded up, and the quota
	 * the permits of that window at its rate, rounded down. {@code capacity * period <= 2^53} (a {@code Limit}
	 * guarantees it) and the window is less than 1001 periods, so the product fits in a {@code long}.
	 */
	static StringBuilder appendPolicy(StringBuilder builder, Limit limit) {
		long window = seconds(limit.periodMillis());
		long quota = limit.capacity() * (window * 1000) / limit.periodMillis();
		return builder.append(";q=").append(quota).append(";w=").append(window);
	}

	private static StringBuilder separate(StringBuilder builder) {
		return (builder.length() > 0) ? builder.append(", ") : builder;
	}

	private static long seconds(long millis) {
		return (millis + 999) / 1000;
	}

	private static String quoted(String value) {
		return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
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
