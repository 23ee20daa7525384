package io.limiter.spring.autoconfigure;

import io.limiter.integration.RedisSecrets;

/**
 * Thrown at start-up when a {@code limiter.*} setting is invalid; names the property and its value, with the
 * user info (user name and password) of any Redis URL in the value or the reason masked.
 */
public class InvalidLimiterPropertyException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/** The full property name. */
	private final String property;

	/** The invalid value as text, masked. */
	private final String value;

	/** Why the value is invalid, masked. */
	private final String reason;

	/**
	 * Creates an exception.
	 * @param property the full property name, such as {@code limiter.limits.hello.capacity}
	 * @param value the invalid value, or {@code null} when it is missing
	 * @param reason why it is invalid
	 * @param cause the underlying failure, or {@code null}; its message must not hold a secret
	 */
	public InvalidLimiterPropertyException(String property, Object value, String reason, Throwable cause) {
		super("Invalid value '" + RedisSecrets.mask(String.valueOf(value)) + "' of " + property + ": "
				+ RedisSecrets.mask(reason), cause);
		this.property = property;
		this.value = RedisSecrets.mask(String.valueOf(value));
		this.reason = RedisSecrets.mask(reason);
	}

	/** {@return the full property name} */
	public String property() {
		return this.property;
	}

	/** {@return the invalid value as text ({@code "null"} when missing)} */
	public String value() {
		return this.value;
	}

	/**
	 * Returns why the value is invalid.
	 * @return the reason
	 */
	public String reason() {
		return this.reason;
	}

}
