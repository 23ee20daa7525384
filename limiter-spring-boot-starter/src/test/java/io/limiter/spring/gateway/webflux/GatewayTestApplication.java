package io.limiter.spring.gateway.webflux;

import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.LimitPlanResolver;

/**
 * A Spring Cloud Gateway whose routes (profile {@code gateway}) forward to {@code /backend} of the same application.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(excludeName = {
		"org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.reactive.ReactiveManagementWebSecurityAutoConfiguration" })
public class GatewayTestApplication {

	/** The header that the routes keyed by API key read. */
	static final String API_KEY = "X-Api-Key";

	/** The header that names the plan of a request under the limit {@code gw-header-plans}. */
	static final String PLAN = "X-Plan";

	@Bean
	RouterFunction<ServerResponse> backend() {
		return RouterFunctions.route()
			.GET("/backend", (request) -> ServerResponse.ok().bodyValue("Hello from the backend"))
			.build();
	}

	/** Keys by API key: the routes name it, so the gateway's default key resolver stays its own. */
	@Bean(defaultCandidate = false)
	KeyResolver apiKeyResolver() {
		return (exchange) -> Mono.justOrEmpty(exchange.getRequest().getHeaders().getFirst(API_KEY));
	}

	/**
	 * The limit {@code gw-header-plans} takes the plan a request's {@value #PLAN} header names; under the others, API
	 * keys that start with {@code gold-} are on the plan {@code gold}.
	 */
	@Bean
	LimitPlanResolver plans() {
		return (limit, key, request) -> {
			if (limit.equals("gw-header-plans")) {
				return (request instanceof ServerWebExchange exchange)
						? exchange.getRequest().getHeaders().getFirst(PLAN) : null;
			}
			return key.startsWith("gold-") ? "gold" : LimitPlanResolver.DEFAULT_PLAN;
		};
	}

}
