package io.limiter.spring.internal;

import java.util.Locale;

/**
 * How one enforced decision ended, as counted by the metrics.
 */
public enum Outcome {

	/** The limit granted the permits. */
	ALLOWED,

	/** The limit refused the permits and the request was denied. */
	DENIED,

	/** The backend failed; the failure policy decided. */
	ERROR,

	/** A limit in shadow mode refused the permits, and the request went on. */
	SHADOW_DENIED;

	private final String tagValue = name().toLowerCase(Locale.ROOT);

	/**
	 * Returns the value of the {@code outcome} tag, for example {@code shadow_denied}.
	 * @return the tag value
	 */
	public String tagValue() {
		return this.tagValue;
	}

}
