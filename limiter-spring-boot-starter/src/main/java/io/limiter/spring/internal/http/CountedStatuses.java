package io.limiter.spring.internal.http;

import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * The response statuses for which a filter rule counts a request, such as {@code [4xx]} or {@code [401, 403]}.
 * A rule with none counts every request when it starts; a rule with some takes its permits when the request
 * starts and gives them back when the request ends with a status that does not count.
 */
public final class CountedStatuses {

	/** Counts every request, when it starts. */
	public static final CountedStatuses EVERY_REQUEST = new CountedStatuses(new BitSet());

	private final BitSet statuses;

	private CountedStatuses(BitSet statuses) {
		this.statuses = statuses;
	}

	/**
	 * Parses a rule's statuses.
	 * @param statuses each a status from 100 to 599 or a class from {@code 1xx} to {@code 5xx}; none for every
	 * request
	 * @return the statuses
	 * @throws IllegalArgumentException naming the entry that is neither
	 */
	public static CountedStatuses parse(List<String> statuses) {
		BitSet counted = new BitSet(600);
		for (String entry : statuses) {
			String text = (entry != null) ? entry.trim().toLowerCase(Locale.ROOT) : "";
			if (text.matches("[1-5]xx")) {
				int first = (text.charAt(0) - '0') * 100;
				counted.set(first, first + 100);
			}
			else if (text.matches("[1-5]\\d\\d")) {
				counted.set(Integer.parseInt(text));
			}
			else {
				throw new IllegalArgumentException("'" + entry + "' is not a status from 100 to 599 or a class "
						+ "such as 4xx");
			}
		}
		return new CountedStatuses(counted);
	}

	/**
	 * Returns whether requests are counted only when they end with some statuses.
	 * @return {@code false} when every request counts when it starts
	 */
	public boolean afterCompletion() {
		return !this.statuses.isEmpty();
	}

	/**
	 * Returns whether a request that ended with a status counts.
	 * @param status the response status
	 * @return {@code true} when it does
	 */
	public boolean counts(Integer status) {
		return status != null && status >= 0 && status < 600 && this.statuses.get(status);
	}

}
