package io.limiter.spring;

/**
 * What a request or call whose key resolves to nothing is counted as (a missing or blank header, an expression that
 * gives {@code null} or blank text, no authenticated user): the {@code empty-key} of a filter rule
 * ({@code limiter.filter.rules[i].empty-key}) and the {@link RateLimited#emptyKey()} of an annotated method. Such
 * requests never share one key unless it says so.
 */
public enum EmptyKey {

	/**
	 * The request's client address, as the key {@code ip} finds it: the default of filter rules. A method call has no
	 * client address, so {@link RateLimited#emptyKey()} refuses it at start-up.
	 */
	CLIENT_ADDRESS,

	/**
	 * None: a filter rule answers the request with its {@code empty-key-status}, and it does not reach the
	 * application; an annotated method's call fails with an {@link IllegalArgumentException} naming the method, the
	 * annotation and the key, before any of its limits takes a permit and without calling the method. The default of
	 * {@link RateLimited#emptyKey()}.
	 */
	DENY,

	/** One key, shared by every request of the rule, or every call of the method, that lacks its own. */
	SHARE

}
