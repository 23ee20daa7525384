package io.limiter.integration;

import java.util.regex.Pattern;

import io.limiter.RedisBackendBuilder;

/**
 * Masks the user info (user name and password) of Redis URLs in values and messages, so that a password never
 * reaches an exception, a log or a failure report: every message of {@link RedisBackendBuilder} about a URL is
 * masked so, and configuration that reports a bad Redis setting can mask its value the same way.
 */
public final class RedisSecrets {

	/** What replaces the user info of a URL. */
	public static final String MASK = "******";

	private static final Pattern USER_INFO = Pattern.compile("(?i)(rediss?://)[^\\s'\"]*@");

	private RedisSecrets() {
	}

	/**
	 * Masks the user info of every Redis URL in a text.
	 * @param text a value or a message, may be {@code null}
	 * @return the text with each {@code redis://user:password@} written {@code redis://******@}
	 */
	public static String mask(String text) {
		return (text != null) ? USER_INFO.matcher(text).replaceAll("$1" + MASK + "@") : null;
	}

	/**
	 * Masks what may be user info in a value given as a Redis URL or cluster nodes, also when it lacks its
	 * scheme, such as {@code user:password@host:port}.
	 * @param value the value, may be {@code null}
	 * @return the value with everything before its last {@code @} masked in each comma-separated part
	 */
	public static String maskValue(String value) {
		if (value == null) {
			return null;
		}
		StringBuilder masked = new StringBuilder();
		for (String part : value.split(",", -1)) {
			int scheme = part.indexOf("://");
			int at = part.lastIndexOf('@');
			masked.append((masked.length() > 0) ? "," : "");
			if (at < 0) {
				masked.append(part);
			}
			else {
				masked.append((scheme >= 0 && scheme < at) ? part.substring(0, scheme + 3) : "").append(MASK)
					.append(part.substring(at));
			}
		}
		return masked.toString();
	}

}
