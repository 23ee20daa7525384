package io.limiter.integration;

/**
 * Writes a user's key into a log line, or a message that may be logged, so that it cannot forge lines or fields:
 * control characters, quotes and backslashes escaped, and a long key cut short. Keys come from requests, so anyone can
 * choose them.
 */
public final class LoggedKeys {

	/** The most characters of a key that a log line shows. */
	public static final int MAX_LENGTH = 128;

	private LoggedKeys() {
	}

	/**
	 * Returns a key in single quotes, escaped: {@code a\nb} gives {@code 'a\\nb'}.
	 * @param key the key
	 * @return the quoted key, with {@code ... (n characters)} after the first {@value #MAX_LENGTH} characters of a
	 * longer one
	 */
	public static String quote(String key) {
		StringBuilder text = new StringBuilder(Math.min(key.length(), MAX_LENGTH) + 2).append('\'');
		for (int i = 0; i < Math.min(key.length(), MAX_LENGTH); i++) {
			char c = key.charAt(i);
			switch (c) {
				case '\n' -> text.append("\\n");
				case '\r' -> text.append("\\r");
				case '\t' -> text.append("\\t");
				case '\'', '\\' -> text.append('\\').append(c);
				default -> {
					if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT
							|| Character.getType(c) == Character.LINE_SEPARATOR
							|| Character.getType(c) == Character.PARAGRAPH_SEPARATOR) {
						text.append(String.format("\\u%04x", (int) c));
					}
					else {
						text.append(c);
					}
				}
			}
		}
		text.append('\'');
		if (key.length() > MAX_LENGTH) {
			text.append("... (").append(key.length()).append(" characters)");
		}
		return text.toString();
	}

}
