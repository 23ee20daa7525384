package io.limiter.spring.autoconfigure;

import io.limiter.internal.redis.RedisEndpoints;

/**
 * Thrown at start-up when a {@code limiter.*} setting is invalid; names the property and its value, with the
 * user info (user name and password) of any Redis URL in the value or the reason masked.
 */
public class InvalidLimiterPropertyException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String property;

	private final String value;

	private final String reason;

	/**
	 * Creates an exception.
	 * @param property the full property name, such as {@code limiter.limits.hello.capacity}
	 * @param value the invalid value, or {@code null} when it is missing
	 * @param reason why it is invalid
	 * @param cause the underlying failure, or {@code null}; its message must not hold a secret
	 */
	public InvalidLimiterPropertyException(String property, Object value, String reason, Throwable cause) {
		super("Invalid value '" + RedisEndpoints.mask(String.valueOf(value)) + "' of " + property + ": "
				+ RedisEndpoints.mask(reason), cause);
		this.property = property;
		this.value = RedisEndpoints.mask(String.valueOf(value));
		this.reason = RedisEndpoints.mask(reason);
	}

	/**
	 * Returns the full property name.
	 * @return the property
	 */
	public String property() {
		return this.property;
	}

	/**
	 * Returns the invalid value as text ({@code "null"} when missing).
	 * @return the value
	 */
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
