package io.limiter.spring.gateway.mvc;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.springframework.cloud.gateway.server.mvc.common.Configurable;
import org.springframework.cloud.gateway.server.mvc.common.Shortcut;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.LocalTier;
import io.limiter.spring.internal.gateway.RouteLimit;
import io.limiter.spring.internal.gateway.RouteLimitSettings;
import io.limiter.spring.internal.gateway.mvc.RouteRateLimitFilter;
import io.limiter.spring.internal.http.KeySetting;

/**
 * Rate limits for the routes of Spring Cloud Gateway on Spring MVC, backed by Limiter: the filter functions take the
 * limiter's beans (its backend, limits and plans) from the application context of each request. A route is limited
 * by a configured limit ({@code limiter.limits.<name>}, with its plans, rates, local tier and failure policy), or by
 * a limit of its own given inline, which is a limit of the application's backend like a configured one, named by
 * the route's id. Each request is counted under a key: the client's address by default (behind the proxies of
 * {@code limiter.filter.trusted-proxies}), or a function of the request. An allowed request gets the
 * {@code RateLimit-Policy} and {@code RateLimit} headers on its response; a denied one is answered 429 with
 * {@code Retry-After}, the headers and a problem body, as the starter's servlet filter answers. When the backend
 * fails, the limit's failure policy decides ({@code limiter.failure-policy}, local fallback unless set).
 * <p>
 * In Java:
 * <pre>{@code
 * @Bean
 * RouterFunction<ServerResponse> hello() {
 *     return route("hello").GET("/hello", http())
 *         .before(uri("http://localhost:8081"))
 *         .filter(LimiterFilterFunctions.rateLimit((c) -> c.limit("hello")))
 *         .build();
 * }
 * }</pre>
 * In properties, as the filter {@code LimiterRateLimit} (the shortcut form takes the limit and the key):
 * <pre>
 * spring.cloud.gateway.server.webmvc.routes[0]:
 *   id: hello
 *   uri: http://localhost:8081
 *   predicates: [ Path=/hello ]
 *   filters:
 *     - name: LimiterRateLimit
 *       args: { capacity: 5, period: 1s, key: "header:X-Api-Key" }
 * </pre>
 */
public final class LimiterFilterFunctions {

	/** The name of the filter function of properties routes, {@code LimiterRateLimit}. */
	private static final String PROPERTIES_FILTER = "limiterRateLimit";

	private LimiterFilterFunctions() {
	}

	/**
	 * Returns a filter function that limits a route by a configured limit, per client address.
	 * @param limit the name of a limit of {@code limiter.limits}
	 * @return the filter function
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> rateLimit(String limit) {
		return rateLimit((config) -> config.limit(limit));
	}

	/**
	 * Returns a filter function that limits a route as configured.
	 * @param configurer sets the route's limit, key and cost
	 * @return the filter function
	 * @throws IllegalArgumentException naming the setting and its value when a setting is bad or missing
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> rateLimit(
			Consumer<RateLimitConfig> configurer) {
		RateLimitConfig config = new RateLimitConfig();
		configurer.accept(config);
		return config.filter("LimiterRateLimit filter");
	}

	/**
	 * Returns the filter function {@code LimiterRateLimit} of properties routes, whose {@code args} are bound to the
	 * settings; the shortcut {@code LimiterRateLimit=<limit>[,<key>]} names a configured limit and a key.
	 * @param config the route's settings
	 * @return the filter function
	 * @throws IllegalArgumentException naming the setting and its value when a setting is bad or missing
	 */
	@Shortcut({ "limit", "key" })
	@Configurable
	public static HandlerFilterFunction<ServerResponse, ServerResponse> limiterRateLimit(RateLimitConfig config) {
		return config.filter("LimiterRateLimit filter");
	}

	/**
	 * The settings of a route's limit: a configured limit by name, or an inline limit; the key of a request; the
	 * permits a request takes. The fluent methods are for Java routes, the setters for the {@code args} of properties
	 * routes.
	 */
	public static final class RateLimitConfig {

		private String limit;

		private String name;

		private Algorithm algorithm;

		private Long capacity;

		private Duration period;

		private List<RateSetting> rates = new ArrayList<>();

		private FailurePolicy failurePolicy;

		private LocalTier.Mode localTier;

		private Function<ServerRequest, String> key;

		private long cost = 1;

		/**
		 * Names the configured limit of the route.
		 * @param limit the name of a limit of {@code limiter.limits}
		 * @return this
		 */
		public RateLimitConfig limit(String limit) {
			this.limit = limit;
			return this;
		}

		/**
		 * Names the inline limit, whose keys live under this name; by default the route's id.
		 * @param name the name
		 * @return this
		 */
		public RateLimitConfig name(String name) {
			this.name = name;
			return this;
		}

		/**
		 * Sets the algorithm of the inline limit; token bucket by default.
		 * @param algorithm the algorithm
		 * @return this
		 */
		public RateLimitConfig algorithm(Algorithm algorithm) {
			this.algorithm = algorithm;
			return this;
		}

		/**
		 * Sets the capacity of the inline limit: its permits per period.
		 * @param capacity the capacity
		 * @return this
		 */
		public RateLimitConfig capacity(long capacity) {
			this.capacity = capacity;
			return this;
		}

		/**
		 * Sets the period of the inline limit.
		 * @param period the period
		 * @return this
		 */
		public RateLimitConfig period(Duration period) {
			this.period = period;
			return this;
		}

		/**
		 * Adds a rate to the inline limit, for a limit of several rates instead of capacity and period.
		 * @param capacity the permits per period
		 * @param period the period
		 * @return this
		 */
		public RateLimitConfig rate(long capacity, Duration period) {
			RateSetting rate = new RateSetting();
			rate.setCapacity(capacity);
			rate.setPeriod(period);
			this.rates.add(rate);
			return this;
		}

		/**
		 * Sets what decides for the inline limit while the backend fails; {@code limiter.failure-policy} by default.
		 * @param failurePolicy the policy
		 * @return this
		 */
		public RateLimitConfig failurePolicy(FailurePolicy failurePolicy) {
			this.failurePolicy = failurePolicy;
			return this;
		}

		/**
		 * Sets the local tier of the inline limit; by default it blocks exhausted keys in memory.
		 * @param localTier the local tier's mode
		 * @return this
		 */
		public RateLimitConfig localTier(LocalTier.Mode localTier) {
			this.localTier = localTier;
			return this;
		}

		/**
		 * Sets the key of a request, such as a header or the principal's name; a request whose key is {@code null}
		 * or blank is counted under its client address, the key by default.
		 * @param key the key of a request
		 * @return this
		 */
		public RateLimitConfig key(Function<ServerRequest, String> key) {
			this.key = key;
			return this;
		}

		/**
		 * Sets the permits a request takes; one by default.
		 * @param cost the permits
		 * @return this
		 */
		public RateLimitConfig cost(long cost) {
			this.cost = cost;
			return this;
		}

		/**
		 * Returns the configured limit the route names.
		 * @return its name, or {@code null} when the route gives inline settings
		 */
		public String getLimit() {
			return this.limit;
		}

		/**
		 * Returns the permits a request takes.
		 * @return the permits
		 */
		public long getCost() {
			return this.cost;
		}

		/**
		 * Names the configured limit ({@code args.limit}).
		 * @param limit the name of a limit of {@code limiter.limits}
		 */
		public void setLimit(String limit) {
			limit(limit);
		}

		/**
		 * Names the inline limit ({@code args.name}); by default the route's id.
		 * @param name the name
		 */
		public void setName(String name) {
			name(name);
		}

		/**
		 * Sets the inline limit's algorithm ({@code args.algorithm}): token-bucket, gcra, fixed-window,
		 * sliding-window-counter or sliding-window-log.
		 * @param algorithm the algorithm
		 */
		public void setAlgorithm(Algorithm algorithm) {
			algorithm(algorithm);
		}

		/**
		 * Sets the inline limit's capacity ({@code args.capacity}).
		 * @param capacity the capacity
		 */
		public void setCapacity(Long capacity) {
			this.capacity = capacity;
		}

		/**
		 * Sets the inline limit's period ({@code args.period}), such as {@code 1s}.
		 * @param period the period
		 */
		public void setPeriod(Duration period) {
			period(period);
		}

		/**
		 * Sets the inline limit's rates ({@code args.rates[0].capacity}, {@code args.rates[0].period}, ...).
		 * @param rates the rates
		 */
		public void setRates(List<RateSetting> rates) {
			this.rates = new ArrayList<>(rates);
		}

		/**
		 * Sets the inline limit's failure policy ({@code args.failure-policy}): fail-open, fail-closed or
		 * local-fallback.
		 * @param failurePolicy the policy
		 */
		public void setFailurePolicy(FailurePolicy failurePolicy) {
			failurePolicy(failurePolicy);
		}

		/**
		 * Sets the inline limit's local tier ({@code args.local-tier}): off, block or borrow.
		 * @param localTier the local tier's mode
		 */
		public void setLocalTier(LocalTier.Mode localTier) {
			localTier(localTier);
		}

		/**
		 * Sets the key ({@code args.key}): {@code ip} (the client address, the default), {@code principal} (the
		 * authenticated user's name), {@code header:<Name>}, or a literal such as {@code 'everyone'}.
		 * @param key the key setting
		 * @throws IllegalArgumentException naming the value when it is none of these
		 */
		public void setKey(String key) {
			key(keyOf(key));
		}

		/**
		 * Sets the permits a request takes ({@code args.cost}).
		 * @param cost the permits
		 */
		public void setCost(long cost) {
			cost(cost);
		}

		private static Function<ServerRequest, String> keyOf(String setting) {
			KeySetting parsed;
			try {
				parsed = KeySetting.parse(setting);
			}
			catch (IllegalArgumentException ex) {
				throw invalidKey(setting, ex.getMessage());
			}
			if (parsed instanceof KeySetting.ClientAddress) {
				return null;
			}
			if (parsed instanceof KeySetting.UserPrincipal) {
				return (request) -> KeySetting.UserPrincipal.nameOf(request.servletRequest().getUserPrincipal());
			}
			if (parsed instanceof KeySetting.Header header) {
				return (request) -> request.servletRequest().getHeader(header.name());
			}
			if (parsed instanceof KeySetting.Constant constant) {
				String key = constant.value();
				return (request) -> key;
			}
			throw invalidKey(setting, "a gateway route's key is ip, principal, header:<Name> or a literal; give a "
					+ "function of the request in a Java route for anything else");
		}

		private static IllegalArgumentException invalidKey(String setting, String reason) {
			return new IllegalArgumentException("LimiterRateLimit filter: key = " + setting + " is not valid: " + reason);
		}

		HandlerFilterFunction<ServerResponse, ServerResponse> filter(String where) {
			if (this.cost < 1) {
				throw new IllegalArgumentException(where + ": cost = " + this.cost + " is not valid: a request takes "
						+ "at least one permit");
			}
			List<RouteLimitSettings.RateValue> rateValues = this.rates.stream()
				.map((rate) -> new RouteLimitSettings.RateValue(rate.capacity, rate.period))
				.toList();
			RouteLimit checked = new RouteLimitSettings(this.limit, this.name, this.algorithm, this.capacity,
					this.period, rateValues, this.failurePolicy, this.localTier).check(where);
			return new RouteRateLimitFilter(checked, this.key, this.cost);
		}

	}

	/**
	 * One rate of an inline limit of several rates, in the {@code args} of a properties route.
	 */
	public static final class RateSetting {

		private Long capacity;

		private Duration period;

		/**
		 * Sets the permits per period.
		 * @param capacity the permits
		 */
		public void setCapacity(Long capacity) {
			this.capacity = capacity;
		}

		/**
		 * Sets the period, such as {@code 1m}.
		 * @param period the period
		 */
		public void setPeriod(Duration period) {
			this.period = period;
		}

	}

	/**
	 * Offers {@code LimiterRateLimit} to the properties routes of the gateway, as a bean that the starter's
	 * auto-configuration declares. Only that method, so that the names of the Java methods take none of the
	 * gateway's own filters' names ({@code RateLimit} is Bucket4j's).
	 */
	public static final class FilterSupplier implements org.springframework.cloud.gateway.server.mvc.filter.FilterSupplier {

		@Override
		public Collection<Method> get() {
			List<Method> methods = new ArrayList<>();
			for (Method method : LimiterFilterFunctions.class.getMethods()) {
				if (method.getName().equals(PROPERTIES_FILTER)) {
					methods.add(method);
				}
			}
			return methods;
		}

	}

}
