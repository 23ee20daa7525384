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
import io.limiter.CalendarPeriod;
import io.limiter.FailurePolicy;
import io.limiter.LocalTier;
import io.limiter.spring.autoconfigure.GatewayLimitSettings;
import io.limiter.spring.autoconfigure.InvalidLimiterPropertyException;
import io.limiter.spring.autoconfigure.LocalTierSettings;
import io.limiter.spring.autoconfigure.RateSettings;
import io.limiter.spring.internal.gateway.mvc.RouteRateLimitFilter;
import io.limiter.spring.internal.http.KeySetting;

/**
 * Rate limits for the routes of Spring Cloud Gateway on Spring MVC, backed by Limiter: the filter functions take the
 * limiter's beans (its backend, limits and plans) from the application context of each request. A route is limited
 * by a configured limit ({@code limiter.limits.<name>}, with its plans, rates, local tier and failure policy), or by
 * a limit of its own given inline ({@link GatewayLimitSettings}, as a WebFlux route gives it), which is a limit of the
 * application's backend like a configured one, named {@code route.<route id>}. Each request is counted under a key: the client's address by default (behind the proxies of
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
 *       args: { capacity: 5, period: 1s, local-tier.mode: two-tier, key: "header:X-Api-Key" }
 * </pre>
 */
public final class LimiterFilterFunctions {

	/** The name of the filter of properties routes, and the prefix of its settings in messages. */
	public static final String FILTER_NAME = "LimiterRateLimit";

	/** The name of the filter function of properties routes. */
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
	 * @throws InvalidLimiterPropertyException naming the setting and its value when a setting is bad or missing
	 */
	public static HandlerFilterFunction<ServerResponse, ServerResponse> rateLimit(
			Consumer<RateLimitConfig> configurer) {
		RateLimitConfig config = new RateLimitConfig();
		configurer.accept(config);
		return limiterRateLimit(config);
	}

	/**
	 * Returns the filter function {@code LimiterRateLimit} of properties routes, whose {@code args} are bound to the
	 * settings; the shortcut {@code LimiterRateLimit=<limit>[,<key>]} names a configured limit and a key.
	 * @param config the route's settings
	 * @return the filter function
	 * @throws InvalidLimiterPropertyException naming the setting and its value when a setting is bad or missing
	 */
	@Shortcut({ "limit", "key" })
	@Configurable
	public static HandlerFilterFunction<ServerResponse, ServerResponse> limiterRateLimit(RateLimitConfig config) {
		config.settings.check(FILTER_NAME, "a route of the gateway");
		return RouteRateLimitFilter.of(config.settings, config.key);
	}

	/**
	 * What a route can set: a configured limit by name, or a limit of the route's own (its algorithm, capacity and
	 * period or rates, calendar, failure policy, local tier and shadow mode), the permits a request takes and the key
	 * of a request. The fluent methods are for Java routes, the setters for the {@code args} of properties routes.
	 */
	public static final class RateLimitConfig {

		private final GatewayLimitSettings settings = new GatewayLimitSettings();

		private Function<ServerRequest, String> key;

		/**
		 * Names the configured limit of the route.
		 * @param limit the name of a limit of {@code limiter.limits}
		 * @return this
		 */
		public RateLimitConfig limit(String limit) {
			setLimit(limit);
			return this;
		}

		/**
		 * Sets the algorithm of the route's own limit; token bucket by default.
		 * @param algorithm the algorithm
		 * @return this
		 */
		public RateLimitConfig algorithm(Algorithm algorithm) {
			setAlgorithm(algorithm);
			return this;
		}

		/**
		 * Sets the capacity of the route's own limit: its permits per period.
		 * @param capacity the capacity
		 * @return this
		 */
		public RateLimitConfig capacity(long capacity) {
			setCapacity(capacity);
			return this;
		}

		/**
		 * Sets the period of the route's own limit.
		 * @param period the period
		 * @return this
		 */
		public RateLimitConfig period(Duration period) {
			setPeriod(period);
			return this;
		}

		/**
		 * Adds a rate to the route's own limit, for a limit of several rates instead of capacity and period.
		 * @param capacity the permits per period
		 * @param period the period
		 * @return this
		 */
		public RateLimitConfig rate(long capacity, Duration period) {
			RateSettings rate = new RateSettings();
			rate.setCapacity(capacity);
			rate.setPeriod(period);
			getRates().add(rate);
			return this;
		}

		/**
		 * Sets what decides for the route's own limit while the backend fails; {@code limiter.failure-policy} by
		 * default.
		 * @param failurePolicy the policy
		 * @return this
		 */
		public RateLimitConfig failurePolicy(FailurePolicy failurePolicy) {
			setFailurePolicy(failurePolicy);
			return this;
		}

		/**
		 * Sets the mode of the local tier of the route's own limit; by default it blocks exhausted keys in memory.
		 * @param mode the local tier's mode
		 * @return this
		 */
		public RateLimitConfig localTier(LocalTier.Mode mode) {
			getLocalTier().setMode(mode);
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
			setCost(cost);
			return this;
		}

		/**
		 * Sets the name of a limit of {@code limiter.limits} that decides the route's requests ({@code args.limit}),
		 * instead of a limit of the route's own.
		 * @param limit the limit's name
		 */
		public void setLimit(String limit) {
			this.settings.setLimit(limit);
		}

		/**
		 * Sets the algorithm of the route's own limit ({@code args.algorithm}); token bucket by default.
		 * @param algorithm the algorithm
		 */
		public void setAlgorithm(Algorithm algorithm) {
			this.settings.setAlgorithm(algorithm);
		}

		/**
		 * Sets the capacity of the route's own limit ({@code args.capacity}).
		 * @param capacity the permits per period
		 */
		public void setCapacity(Long capacity) {
			this.settings.setCapacity(capacity);
		}

		/**
		 * Sets the period of the route's own limit ({@code args.period}).
		 * @param period the period
		 */
		public void setPeriod(Duration period) {
			this.settings.setPeriod(period);
		}

		/**
		 * Makes the route's own limit a calendar quota ({@code args.calendar}), counted in the windows of the calendar.
		 * @param calendar the period of the calendar
		 */
		public void setCalendar(CalendarPeriod calendar) {
			this.settings.setCalendar(calendar);
		}

		/**
		 * Sets the time zone of a calendar quota ({@code args.zone}); UTC by default.
		 * @param zone a time zone such as {@code Europe/Berlin}
		 */
		public void setZone(String zone) {
			this.settings.setZone(zone);
		}

		/**
		 * Returns the rates of the route's own limit of several rates ({@code args.rates[i]}), to add to.
		 * @return the rates
		 */
		public List<RateSettings> getRates() {
			return this.settings.getRates();
		}

		/**
		 * Sets what decides for the route's own limit while the backend fails ({@code args.failure-policy}).
		 * @param failurePolicy the policy
		 */
		public void setFailurePolicy(FailurePolicy failurePolicy) {
			this.settings.setFailurePolicy(failurePolicy);
		}

		/**
		 * Returns the local tier of the route's own limit ({@code args.local-tier.*}), to set.
		 * @return the local tier's settings
		 */
		public LocalTierSettings getLocalTier() {
			return this.settings.getLocalTier();
		}

		/**
		 * Sets whether the route's limit only counts and reports, never denying ({@code args.shadow}).
		 * @param shadow {@code true} for shadow mode
		 */
		public void setShadow(boolean shadow) {
			this.settings.setShadow(shadow);
		}

		/**
		 * Sets the permits a request takes ({@code args.cost}); one by default.
		 * @param cost the permits
		 */
		public void setCost(long cost) {
			this.settings.setCost(cost);
		}

		/**
		 * Sets the key ({@code args.key}): {@code ip} (the client address, the default), {@code principal} (the
		 * authenticated user's name), {@code header:<Name>}, or a literal such as {@code 'everyone'}.
		 * @param key the key setting
		 * @throws InvalidLimiterPropertyException naming the value when it is none of these
		 */
		public void setKey(String key) {
			key(keyOf(key));
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

		private static InvalidLimiterPropertyException invalidKey(String setting, String reason) {
			return new InvalidLimiterPropertyException(FILTER_NAME + ".key", setting, reason, null);
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
