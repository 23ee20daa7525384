package io.limiter.spring.autoconfigure;

/**
 * Thrown at start-up when a {@code limiter.*} setting is invalid; names the property and its value.
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
	 * @param cause the underlying failure, or {@code null}
	 */
	public InvalidLimiterPropertyException(String property, Object value, String reason, Throwable cause) {
		super("Invalid value '" + value + "' of " + property + ": " + reason, cause);
		this.property = property;
		this.value = String.valueOf(value);
		this.reason = reason;
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
