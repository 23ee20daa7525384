package io.limiter.integration;

/**
 * Checks limit names, which become part of Redis keys, metric tags and response headers: every backend checks the
 * names of its limiters with it, and so can configuration that wants to report a bad name before it builds any.
 */
public final class LimitNames {

	/** The longest accepted name. */
	public static final int MAX_LENGTH = 64;

	private LimitNames() {
	}

	/**
	 * Returns the name when it is valid.
	 * @param name the name to check
	 * @return the name
	 * @throws IllegalArgumentException naming the value when it is empty, too long, or has braces,
	 * whitespace, quotes or control characters
	 */
	public static String check(String name) {
		if (name == null || name.isEmpty() || name.length() > MAX_LENGTH) {
			throw new IllegalArgumentException(
					"limit name must have 1 to " + MAX_LENGTH + " characters but was '" + name + "'");
		}
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			if (c == '{' || c == '}' || c == '"' || c == '\\' || Character.isWhitespace(c) || Character.isISOControl(c)) {
				throw new IllegalArgumentException("limit name must not contain braces, quotes, backslashes, "
						+ "whitespace or control characters but was '" + name + "'");
			}
		}
		return name;
	}

}
