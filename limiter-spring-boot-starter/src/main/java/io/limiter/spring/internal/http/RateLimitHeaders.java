package io.limiter.spring.internal.http;

import java.util.List;
import java.util.function.BiConsumer;

import io.limiter.Decision;
import io.limiter.Rate;
import io.limiter.spring.internal.Enforcement;

/**
 * The rate-limit fields of draft-ietf-httpapi-ratelimit-headers-10 for the enforcements of a request, for any HTTP
 * stack:
 * <pre>
 * RateLimit-Policy: "hello";q=10;w=1
 * RateLimit: "hello";r=7;t=1
 * </pre>
 * {@code w} and {@code t} are whole seconds, rounded up. The policy's window is the period rounded up to whole
 * seconds and its quota the permits of that window at the limit's rate, rounded down: 10 per 250 ms is
 * {@code q=40;w=1}, 10 per 1500 ms is {@code q=13;w=2}.
 * <p>
 * A limit of several rates is announced as one policy per rate, as the draft allows several policies, each named
 * by the limit and the rate's period; the {@code RateLimit} field reports the rate the decision reports, the one
 * closest to refusing:
 * <pre>
 * RateLimit-Policy: "multi/1s";q=3;w=1, "multi/10s";q=5;w=10
 * RateLimit: "multi/10s";r=0;t=8
 * </pre>
 */
public final class RateLimitHeaders {

	private static final long MAX_STRUCTURED_INTEGER = 999_999_999_999_999L;

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
	 * Sets the fields of the reportable enforcements.
	 * @param enforcements the enforcements of the limits applied to the request
	 * @param header sets one header (name, value) on the response
	 */
	public void write(List<Enforcement> enforcements, BiConsumer<String, String> header) {
		StringBuilder policy = new StringBuilder();
		StringBuilder state = new StringBuilder();
		Enforcement tightest = null;
		long tightestCapacity = 0;
		for (Enforcement enforcement : enforcements) {
			if (!enforcement.reportable()) {
				continue;
			}
			Decision decision = enforcement.decision();
			List<Rate> rates = enforcement.limit().rates();
			for (Rate rate : rates) {
				appendPolicy(separate(policy).append(policyName(enforcement.limitName(), rate, rates.size())), rate);
			}
			Rate reported = rates.get(Math.min(decision.rate(), rates.size() - 1));
			separate(state).append(policyName(enforcement.limitName(), reported, rates.size())).append(";r=")
				.append(structuredInteger(decision.remaining())).append(";t=").append(seconds(decision.resetAfterMillis()));
			if (tightest == null || decision.remaining() < tightest.decision().remaining()) {
				tightest = enforcement;
				tightestCapacity = reported.capacity();
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
			header.accept("X-RateLimit-Limit", Long.toString(tightestCapacity));
			header.accept("X-RateLimit-Remaining", Long.toString(decision.remaining()));
			header.accept("X-RateLimit-Reset", Long.toString(seconds(decision.resetAfterMillis())));
		}
	}

	/**
	 * Appends the quota and window of a rate: the window is its period in whole seconds, rounded up, and the quota
	 * the permits of that window at its rate, rounded down, so a client that keeps to the announced rate never asks
	 * faster than the limit refills. {@code capacity * period <= 2^53} (a {@code Rate} guarantees it) and the window
	 * is less than 1001 periods, so the product fits in a {@code long}. A calendar rate's quota is its capacity, and
	 * its window the nominal length of its period (a month of 31 days): its windows are whole seconds.
	 * @param builder the field being built
	 * @param rate the rate
	 * @return the builder
	 */
	static StringBuilder appendPolicy(StringBuilder builder, Rate rate) {
		long window = seconds(rate.periodMillis());
		long quota = rate.isCalendar() ? rate.capacity() : rate.capacity() * (window * 1000) / rate.periodMillis();
		return builder.append(";q=").append(structuredInteger(quota)).append(";w=").append(window);
	}

	/**
	 * Returns a number as a structured field's integer carries it, at most 15 digits (RFC 9651, section 3.3.1): a
	 * larger quota or remainder (a calendar rate's may reach 2^52) is announced as the largest.
	 */
	private static long structuredInteger(long value) {
		return Math.min(value, MAX_STRUCTURED_INTEGER);
	}

	/**
	 * Returns the quoted name of a rate's policy: the limit's name for a limit of one rate, else the name and the
	 * rate's period ({@code "multi/10s"}, {@code "multi/1500ms"}, {@code "multi/month"} for a calendar rate), unique as
	 * a limit's periods differ.
	 */
	private static String policyName(String limitName, Rate rate, int rates) {
		if (rates == 1) {
			return quoted(limitName);
		}
		if (rate.isCalendar()) {
			return quoted(limitName + '/' + rate.calendarPeriod().orElseThrow().configName());
		}
		long millis = rate.periodMillis();
		return quoted(limitName + '/' + ((millis % 1000 == 0) ? (millis / 1000) + "s" : millis + "ms"));
	}

	/**
	 * Returns the value of {@code Retry-After} for a denial: whole seconds, rounded up, at least one.
	 * @param decision the denial
	 * @return the seconds
	 */
	public static long retryAfterSeconds(Decision decision) {
		return Math.max(1, seconds(decision.retryAfterMillis()));
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
