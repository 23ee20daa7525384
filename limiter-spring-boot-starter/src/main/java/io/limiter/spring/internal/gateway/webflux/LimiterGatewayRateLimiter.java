package io.limiter.spring.internal.gateway.webflux;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import reactor.core.publisher.Mono;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.cloud.gateway.event.FilterArgsEvent;
import org.springframework.cloud.gateway.filter.ratelimit.AbstractRateLimiter;
import org.springframework.cloud.gateway.support.ConfigurationService;
import org.springframework.context.event.EventListener;
import org.springframework.web.filter.reactive.ServerWebExchangeContextFilter;

import io.limiter.spring.internal.Enforcement;
import io.limiter.spring.internal.gateway.RouteLimit;
import io.limiter.spring.internal.gateway.RouteLimits;
import io.limiter.spring.internal.http.RateLimitHeaders;
import io.limiter.spring.internal.reactive.ReactiveFutures;

/**
 * A Spring Cloud Gateway {@code RateLimiter} backed by Limiter. Each route's settings bind from its
 * {@code RequestRateLimiter} filter arguments under {@value #CONFIGURATION_PROPERTY_NAME}{@code .} (as the gateway's
 * {@code RedisRateLimiter} binds {@code redis-rate-limiter.*}); the key is what the route's {@code KeyResolver}
 * gives. The gateway hands it no request: the {@link io.limiter.spring.LimitPlanResolver} of a limit with plans is
 * given the {@code ServerWebExchange} that a {@link ServerWebExchangeContextFilter} put in the Reactor context, or
 * {@code null} where none did. Each decision is asynchronous
 * ({@link io.limiter.RateLimiter#tryAcquireAsync(String, long)}) and goes on on Reactor's parallel scheduler, never
 * waiting on a server thread. When the backend fails, the limit's failure policy
 * decides. The response carries the {@code RateLimit-Policy} and {@code RateLimit} fields, and {@code Retry-After}
 * in seconds on a denial; the gateway's filter copies them onto the answer.
 * <p>
 * A route whose settings are not valid is refused when the gateway loads its routes (the gateway logs it), and fails
 * the application's start-up when it is one of the routes loaded at start-up.
 * @param <S> the type of the settings of a route
 */
public final class LimiterGatewayRateLimiter<S> extends AbstractRateLimiter<S> {

	/** The prefix of the filter arguments that a route's settings bind from. */
	public static final String CONFIGURATION_PROPERTY_NAME = "limiter";

	private final RouteLimits<S> routeLimits;

	private final RateLimitHeaders headers;

	private final Map<String, RouteLimit> routes = new ConcurrentHashMap<>();

	/** The routes whose settings were refused at their last binding, by route id. */
	private final Map<String, RuntimeException> refused = new ConcurrentHashMap<>();

	/**
	 * Creates the rate limiter.
	 * @param settingsClass the type of the settings of a route
	 * @param configurationService the gateway's binder of filter arguments
	 * @param routeLimits turns the settings of a route into its limit
	 * @param headers writes the rate-limit fields
	 */
	public LimiterGatewayRateLimiter(Class<S> settingsClass, ConfigurationService configurationService,
			RouteLimits<S> routeLimits, RateLimitHeaders headers) {
		super(settingsClass, CONFIGURATION_PROPERTY_NAME, configurationService);
		this.routeLimits = routeLimits;
		this.headers = headers;
	}

	/**
	 * Binds and checks the settings of a route when the gateway loads it.
	 * @param event the filter arguments of one filter of a route
	 * @throws RuntimeException naming the route, the setting and its value when the settings are not valid
	 */
	@Override
	public void onApplicationEvent(FilterArgsEvent event) {
		String routeId = event.getRouteId();
		try {
			super.onApplicationEvent(event);
			S settings = getConfig().get(routeId);
			if (settings != null) {
				this.routes.put(routeId, this.routeLimits.limit(routeId, settings));
				this.refused.remove(routeId);
			}
		}
		catch (BindException ex) {
			throw refuse(routeId, this.routeLimits.unbindable(routeId, ex));
		}
		catch (RuntimeException ex) {
			throw refuse(routeId, ex);
		}
	}

	/** Records a refusal: the route keeps the limit it had, as the gateway keeps the routes it had. */
	private RuntimeException refuse(String routeId, RuntimeException failure) {
		this.refused.put(routeId, failure);
		return failure;
	}

	/**
	 * Fails the start-up when a route loaded at start-up has settings that are not valid: the gateway only logs a
	 * route it could not load.
	 * @throws RuntimeException naming the route, the setting and its value
	 */
	@EventListener(ApplicationReadyEvent.class)
	public void requireValidRoutes() {
		this.refused.values().stream().findFirst().ifPresent((failure) -> {
			throw failure;
		});
	}

	@Override
	public Mono<Response> isAllowed(String routeId, String id) {
		RouteLimit route = this.routes.get(routeId);
		if (route == null) {
			RuntimeException refusal = this.refused.get(routeId);
			return Mono.error((refusal != null) ? refusal : new IllegalStateException("route '" + routeId
					+ "' has no settings for Limiter's rate limiter: give it the filter argument "
					+ CONFIGURATION_PROPERTY_NAME + ".limit (a limit of limiter.limits), or a limit of its own ("
					+ CONFIGURATION_PROPERTY_NAME + ".capacity and " + CONFIGURATION_PROPERTY_NAME + ".period)"));
		}
		return Mono
			.deferContextual((context) -> ReactiveFutures.handOver().resume(route.enforcer()
				.enforceAsync(id, route.cost(), ServerWebExchangeContextFilter.getExchange(context).orElse(null))))
			.map(this::response);
	}

	private Response response(Enforcement enforcement) {
		Map<String, String> fields = new LinkedHashMap<>();
		this.headers.write(List.of(enforcement), fields::put);
		if (!enforcement.allowed()) {
			fields.put("Retry-After", Long.toString(RateLimitHeaders.retryAfterSeconds(enforcement.decision())));
		}
		return new Response(enforcement.allowed(), fields);
	}

}
