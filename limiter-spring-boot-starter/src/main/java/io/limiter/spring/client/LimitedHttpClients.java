package io.limiter.spring.client;

import java.time.Duration;
import java.util.Objects;

import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;

import io.limiter.RateLimiterRegistry;

/**
 * Limits the calls an application makes to other services with one of its configured limits, waiting for a permit
 * when none is free instead of failing at once: an interceptor for {@code RestClient} and {@code RestTemplate}, a
 * filter for {@code WebClient}. With a Redis backend every instance of the service takes its permits from the same
 * keys, so the limit holds for the fleet:
 * <pre>{@code
 * limiter.limits.partner: { capacity: 10, period: 1s }     # the partner allows 10 calls a second in total
 *
 * @Bean
 * RestClient partnerClient(RateLimiterRegistry limits) {
 *     return RestClient.builder()
 *         .baseUrl("https://api.partner.com")
 *         .requestInterceptor(LimitedHttpClients.limit(limits, "partner").maxWait(Duration.ofSeconds(5)).interceptor())
 *         .build();
 * }
 * }</pre>
 * A call takes {@linkplain Builder#cost(long) its cost} in permits of its {@linkplain Builder#key key}, by default the
 * target's {@code host:port} ({@link OutboundKeyResolver#targetHost()}). When the permits are due within
 * {@linkplain Builder#maxWait(Duration) maxWait} the call waits for them and is sent; otherwise it fails at once with
 * {@link OutboundRateLimitExceededException} and is never sent. For a token bucket or GCRA of one rate the permits
 * are reserved at once, so waiting calls are sent in turn, spaced by the rate (see
 * {@link io.limiter.RateLimiter#tryAcquire(String, long, Duration)}); the window algorithms and limits of several rates retry at their
 * retry-after while it fits in maxWait.
 */
public final class LimitedHttpClients {

	private LimitedHttpClients() {
	}

	/**
	 * Starts limiting calls with a configured limit ({@code limiter.limits.<name>}).
	 * @param registry the application's limits
	 * @param limit the name of one of them
	 * @return a builder of the interceptor or filter
	 */
	public static Builder limit(RateLimiterRegistry registry, String limit) {
		return new Builder(registry, limit);
	}

	/**
	 * Settings of a limited HTTP client, checked when the interceptor or filter is built. Not thread-safe; each
	 * interceptor or filter it builds is immutable and thread-safe.
	 */
	public static final class Builder {

		private final RateLimiterRegistry registry;

		private final String name;

		private String plan = RateLimiterRegistry.DEFAULT_PLAN;

		private OutboundKeyResolver keyResolver = OutboundKeyResolver.targetHost();

		private long cost = 1;

		private Duration maxWait = Duration.ZERO;

		private boolean shadow;

		private Builder(RateLimiterRegistry registry, String name) {
			this.registry = Objects.requireNonNull(registry, "registry must not be null");
			this.name = Objects.requireNonNull(name, "limit must not be null");
		}

		/**
		 * Sets the longest a call waits for its permits; a call whose permits are due later fails at once.
		 * @param maxWait zero or more; {@link Duration#ZERO} (the default) never waits
		 * @return this builder
		 */
		public Builder maxWait(Duration maxWait) {
			this.maxWait = Objects.requireNonNull(maxWait, "maxWait must not be null");
			return this;
		}

		/**
		 * Puts the calls in shadow mode, as {@code limiter.limits.<name>.shadow} does for the starter's filters,
		 * {@code @RateLimited} and {@code limiter.outbound.rules}: each call takes its permits, so it is counted
		 * (a denial as {@code shadow_denied} in {@code limiter.decisions}), but it never waits and is always sent; a
		 * call that would have been denied is logged, at most once a second.
		 * @param shadow whether the limit is only observed, never enforced; {@code false} by default
		 * @return this builder
		 */
		public Builder shadow(boolean shadow) {
			this.shadow = shadow;
			return this;
		}

		/**
		 * Sets the key each call is counted under.
		 * @param keyResolver the resolver; {@link OutboundKeyResolver#targetHost()} by default
		 * @return this builder
		 */
		public Builder key(OutboundKeyResolver keyResolver) {
			this.keyResolver = Objects.requireNonNull(keyResolver, "keyResolver must not be null");
			return this;
		}

		/**
		 * Sets the permits each call takes.
		 * @param cost from 1 to the capacity of the limit's plan; 1 by default
		 * @return this builder
		 */
		public Builder cost(long cost) {
			this.cost = cost;
			return this;
		}

		/**
		 * Sets the plan of the limit whose numbers apply to the calls.
		 * @param plan one of the limit's plans; {@value RateLimiterRegistry#DEFAULT_PLAN} (the limit's own numbers) by
		 * default
		 * @return this builder
		 */
		public Builder plan(String plan) {
			this.plan = Objects.requireNonNull(plan, "plan must not be null");
			return this;
		}

		/**
		 * Builds an interceptor for {@code RestClient.Builder.requestInterceptor} or
		 * {@code RestTemplate.getInterceptors()}: a call waits for its permits on the calling thread.
		 * @return the interceptor
		 * @throws IllegalArgumentException naming the value when the limit or plan does not exist, maxWait is
		 * negative, or the cost is below 1 or above the plan's capacity
		 */
		public ClientHttpRequestInterceptor interceptor() {
			return new LimitedCallInterceptor(checked("LimitedHttpClients.interceptor"));
		}

		/**
		 * Builds a filter for {@code WebClient.Builder.filter} (Spring WebFlux): a call waits for its permits without
		 * holding any thread, and its exchange goes on on Reactor's parallel scheduler; a subscription cancelled while
		 * it waits gives back the permits it reserved, and the call is never exchanged.
		 * @return the filter
		 * @throws IllegalArgumentException naming the value when the limit or plan does not exist, maxWait is
		 * negative, or the cost is below 1 or above the plan's capacity
		 */
		public ExchangeFilterFunction exchangeFilter() {
			// built by a method of the same return type, so that loading this class (verifying this method) does not
			// load WebFlux, which a servlet application that only uses interceptor() does not have
			return LimitedExchangeFilter.of(checked("LimitedHttpClients.exchangeFilter"));
		}

		private OutboundLimit checked(String user) {
			this.registry.limiter(this.name, this.plan);
			if (this.maxWait.isNegative()) {
				throw new IllegalArgumentException("maxWait of the calls limited by '" + this.name
						+ "' must not be negative but was " + this.maxWait);
			}
			if (this.cost < 1) {
				throw new IllegalArgumentException(
						"cost of the calls limited by '" + this.name + "' must be at least 1 but was " + this.cost);
			}
			this.registry.requireCapacity(this.name, this.cost, user + " of limit '" + this.name + "'");
			return new OutboundLimit(this.registry, this.name, this.plan, this.keyResolver, this.cost, this.maxWait,
					this.shadow);
		}

	}

}
