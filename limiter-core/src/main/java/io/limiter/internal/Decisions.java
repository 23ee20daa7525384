package io.limiter.internal;

import io.limiter.Decision;

/**
 * Where the limiters make {@link Decision}s, which the public API only lets applications read. {@code Decision}
 * hands its factory over once, as it is initialized (the JDK's shared-secrets pattern), so that making a decision is
 * not public API.
 */
public final class Decisions {

	private static Factory factory;

	private Decisions() {
	}

	/**
	 * Takes {@code Decision}'s factory; called once, by {@code Decision}'s static initializer.
	 * @param decisions the factory
	 * @throws IllegalStateException when a factory was installed before
	 */
	public static synchronized void install(Factory decisions) {
		if (factory != null) {
			throw new IllegalStateException("the decision factory is installed once, by Decision");
		}
		factory = decisions;
	}

	/**
	 * Creates a decision that grants the permits.
	 * @param limit the capacity of the limit
	 * @param remaining the permits left right after this decision
	 * @param resetAfterMillis the time until the limit is back to full capacity
	 * @return the decision
	 */
	public static Decision allowed(long limit, long remaining, long resetAfterMillis) {
		return Installed.FACTORY.allowed(limit, remaining, resetAfterMillis);
	}

	/**
	 * Creates a decision that grants permits reserved ahead of time: the caller may use them only after
	 * {@code delayMillis}.
	 * @param limit the capacity of the limit
	 * @param delayMillis how long the caller must wait before using the permits
	 * @param resetAfterMillis the time until the limit is back to full capacity
	 * @return the decision
	 */
	public static Decision reserved(long limit, long delayMillis, long resetAfterMillis) {
		return Installed.FACTORY.reserved(limit, delayMillis, resetAfterMillis);
	}

	/**
	 * Creates a decision that refuses the permits.
	 * @param limit the capacity of the limit
	 * @param remaining the permits available now (fewer than requested)
	 * @param retryAfterMillis the earliest time after which the same request can be granted
	 * @param resetAfterMillis the time until the limit is back to full capacity
	 * @return the decision
	 */
	public static Decision denied(long limit, long remaining, long retryAfterMillis, long resetAfterMillis) {
		return Installed.FACTORY.denied(limit, remaining, retryAfterMillis, resetAfterMillis);
	}

	private static synchronized Factory installed() {
		return factory;
	}

	/**
	 * The factory, read once {@code Decision} is initialized: a thread that finds {@code Decision}'s initializer under
	 * way in another thread waits for it here, instead of reading the factory before it is installed.
	 */
	private static final class Installed {

		static final Factory FACTORY;

		static {
			try {
				Class.forName(Decision.class.getName(), true, Decision.class.getClassLoader());
			}
			catch (ClassNotFoundException ex) {
				throw new IllegalStateException(ex);
			}
			FACTORY = installed();
		}

	}

	/** The constructors of {@code Decision}, which only it implements: see {@link Decisions}' methods. */
	public interface Factory {

		/**
		 * See {@link Decisions#allowed(long, long, long)}.
		 * @param limit the capacity of the limit
		 * @param remaining the permits left
		 * @param resetAfterMillis the time until full
		 * @return the decision
		 */
		Decision allowed(long limit, long remaining, long resetAfterMillis);

		/**
		 * See {@link Decisions#reserved(long, long, long)}.
		 * @param limit the capacity of the limit
		 * @param delayMillis the wait before the permits may be used
		 * @param resetAfterMillis the time until full
		 * @return the decision
		 */
		Decision reserved(long limit, long delayMillis, long resetAfterMillis);

		/**
		 * See {@link Decisions#denied(long, long, long, long)}.
		 * @param limit the capacity of the limit
		 * @param remaining the permits available now
		 * @param retryAfterMillis the wait before the same request can be granted
		 * @param resetAfterMillis the time until full
		 * @return the decision
		 */
		Decision denied(long limit, long remaining, long retryAfterMillis, long resetAfterMillis);

	}

}
