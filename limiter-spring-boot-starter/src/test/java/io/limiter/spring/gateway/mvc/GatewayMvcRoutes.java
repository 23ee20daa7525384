package io.limiter.spring.gateway.mvc;

import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

import org.springframework.cloud.gateway.server.mvc.common.MvcUtils;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

import io.limiter.FailurePolicy;
import io.limiter.spring.LimitPlanResolver;

import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.setPath;
import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.cloud.gateway.server.mvc.handler.HandlerFunctions.http;

/**
 * The routes of a gateway on Spring MVC, beside the test application, which forward to a handler of the same
 * application, {@code /backend/hello}: Java routes through the gateway's HTTP client to this server's port,
 * properties routes (profile {@code gateway-mvc}) by a forward.
 */
@Configuration(proxyBeanMethods = false)
class GatewayMvcRoutes {

	static final String BODY = "Hello from the backend";

	@Bean
	RouterFunction<ServerResponse> backend() {
		return RouterFunctions.route().GET("/backend/hello", (request) -> ServerResponse.ok().body(BODY)).build();
	}

	@Bean
	RouterFunction<ServerResponse> namedRoute() {
		return route("named").GET("/gw/named", http())
			.before(toBackend())
			.filter(LimiterFilterFunctions.rateLimit("hello"))
			.build();
	}

	@Bean
	RouterFunction<ServerResponse> inlineRoute() {
		return route("inline").GET("/gw/inline", http())
			.before(toBackend())
			.filter(LimiterFilterFunctions.rateLimit((c) -> c.capacity(2).period(Duration.ofHours(1))))
			.build();
	}

	@Bean
	RouterFunction<ServerResponse> closedRoute() {
		return route("closed").GET("/gw/closed", http())
			.before(toBackend())
			.filter(LimiterFilterFunctions
				.rateLimit((c) -> c.capacity(5).period(Duration.ofHours(1)).failurePolicy(FailurePolicy.FAIL_CLOSED)))
			.build();
	}

	@Bean
	RouterFunction<ServerResponse> multiRoute() {
		return route("multi").GET("/gw/multi", http())
			.before(toBackend())
			.filter(LimiterFilterFunctions.rateLimit((c) -> c.limit("multi")))
			.build();
	}

	@Bean
	RouterFunction<ServerResponse> plansRoute() {
		return route("plans").GET("/gw/plans", http())
			.before(toBackend())
			.filter(LimiterFilterFunctions
				.rateLimit((c) -> c.limit("planned").key((request) -> request.headers().firstHeader("X-Api-Key"))))
			.build();
	}

	@Bean
	LimitPlanResolver plans() {
		return (limit, key, request) -> key.startsWith("gold-") ? "gold" : null;
	}

	/** Sends a route's request to {@code /backend/hello} on this server, through the gateway's HTTP client. */
	private static Function<ServerRequest, ServerRequest> toBackend() {
		Function<ServerRequest, ServerRequest> toThisServer = (request) -> {
			MvcUtils.setRequestUrl(request,
					URI.create("http://127.0.0.1:" + request.servletRequest().getLocalPort()));
			return request;
		};
		return toThisServer.andThen(setPath("/backend/hello"));
	}

}
