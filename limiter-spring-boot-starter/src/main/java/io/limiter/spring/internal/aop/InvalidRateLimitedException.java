package io.limiter.spring.internal.aop;

/**
 * Thrown when a {@link io.limiter.spring.RateLimited} annotation cannot be enforced as written: at start-up for
 * every bean of the context (a call of a method first seen later fails the same way). Names the method, the
 * annotation, the attribute at fault and its value.
 */
public class InvalidRateLimitedException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	/** The annotated method. */
	private final String method;

	/** The annotation as written. */
	private final String annotation;

	/** The attribute at fault, or {@code null}. */
	private final String attribute;

	/** The value of the attribute at fault, or {@code null}. */
	private final String value;

	/** Why the annotation cannot be enforced. */
	private final String reason;

	/** What to do about it. */
	private final String action;

	InvalidRateLimitedException(String method, String annotation, String attribute, String value, String reason,
			String action, Throwable cause) {
		super(annotation + " on " + method + ((attribute != null) ? " has " + attribute + " \"" + value + "\"" : "")
				+ ": " + reason, cause);
		this.method = method;
		this.annotation = annotation;
		this.attribute = attribute;
		this.value = value;
		this.reason = reason;
		this.action = action;
	}

	/**
	 * Returns the annotated method.
	 * @return such as {@code com.example.QuoteService#quote(String)}
	 */
	public String method() {
		return this.method;
	}

	/**
	 * Returns the annotation.
	 * @return such as {@code @RateLimited(limit = "quote")}
	 */
	public String annotation() {
		return this.annotation;
	}

	/**
	 * Returns the attribute at fault.
	 * @return such as {@code fallbackMethod}, or {@code null} when the fault is the method or the application
	 */
	public String attribute() {
		return this.attribute;
	}

	/**
	 * Returns the value of the attribute at fault.
	 * @return the value as text, or {@code null} when no attribute is at fault
	 */
	public String value() {
		return this.value;
	}

	/**
	 * Returns why the annotation cannot be enforced.
	 * @return the reason
	 */
	public String reason() {
		return this.reason;
	}

	/**
	 * Returns what to do about it.
	 * @return the action
	 */
	public String action() {
		return this.action;
	}

}
