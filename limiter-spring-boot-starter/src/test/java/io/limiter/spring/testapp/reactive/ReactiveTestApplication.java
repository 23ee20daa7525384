package io.limiter.spring.testapp.reactive;

import java.net.InetSocketAddress;

import reactor.core.publisher.Mono;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.WebFilter;

/**
 * A small WebFlux application that uses the starter as a user would, for the WebTestClient tests. Run it with
 * the {@code reactive} profile, which makes it a reactive application although the servlet API is on the test
 * class path too. Spring Security is on the test class path for {@code FilterBeforeSecurityTests} only, so its
 * auto-configuration is left out here.
 */
@SpringBootConfiguration
@EnableAutoConfiguration(excludeName = {
		"org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.reactive.ReactiveManagementWebSecurityAutoConfiguration" })
@Import({ ReactiveTestController.class, ReactiveQuoteService.class })
public class ReactiveTestApplication {

	/** Stands in for the TCP peer of a request: the test names it in this header. */
	public static final String REMOTE = "X-Test-Remote";

	/** Stands in for an authentication filter: the test names the user in this header. */
	public static final String USER = "X-Test-User";

	@Bean
	@Order(-1000)
	WebFilter testPeerAndUser() {
		return (exchange, chain) -> {
			ServerHttpRequest request = exchange.getRequest();
			String remote = request.getHeaders().getFirst(REMOTE);
			String user = request.getHeaders().getFirst(USER);
			ServerHttpRequest peer = (remote == null) ? request : new ServerHttpRequestDecorator(request) {
				@Override
				public InetSocketAddress getRemoteAddress() {
					return new InetSocketAddress(remote, 40000);
				}
			};
			return chain.filter(exchange.mutate()
				.request(peer)
				.principal((user != null) ? Mono.just(() -> user) : exchange.getPrincipal())
				.build());
		};
	}

	@Bean
	RouterFunction<ServerResponse> functionalQuotes(ReactiveQuoteService quotes) {
		return RouterFunctions.route()
			.GET("/fn/users/{id}/quote",
					(request) -> ServerResponse.ok().body(quotes.quote(request.pathVariable("id")), String.class))
			.build();
	}

}
