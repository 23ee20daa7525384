package io.limiter.jmh;

import java.net.InetSocketAddress;
import java.time.Duration;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.web.context.reactive.AnnotationConfigReactiveWebApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import org.springframework.web.server.adapter.DefaultServerWebExchange;
import org.springframework.web.server.i18n.AcceptHeaderLocaleContextResolver;
import org.springframework.web.server.i18n.LocaleContextResolver;
import org.springframework.web.server.session.DefaultWebSessionManager;
import org.springframework.web.server.session.WebSessionManager;

import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterWebFluxAutoConfiguration;

/**
 * The starter's WebFlux filter ({@code limiterWebFilter}) as a reactive application gets it: one rule that applies
 * an in-memory token bucket of the benchmark's limit to {@value ServletFilterState#PATH}, keyed by the client's
 * address, with the application's codecs. Each decision is an exchange of Spring's mock request and response (made
 * as a server makes an exchange) through the filter to a chain that does nothing, waited for on the benchmark
 * thread (the filter goes on on Reactor's parallel scheduler, whose CPU the client's CPU includes);
 * {@link #mocksAlone()} is the same exchange without the filter, what the mocks cost.
 */
@State(Scope.Benchmark)
public class WebFluxFilterState {

	/** The name of the limit. */
	static final String LIMIT_NAME = "webflux-filtered";

	private static final InetSocketAddress CLIENT = new InetSocketAddress("192.0.2.1", 40000);

	private static final WebFilterChain CHAIN = (exchange) -> Mono.empty();

	/** The application's codecs, a bean as WebFlux's auto-configuration makes it. */
	private static final ServerCodecConfigurer CODECS = ServerCodecConfigurer.create();

	private static final WebSessionManager SESSIONS = new DefaultWebSessionManager();

	private static final LocaleContextResolver LOCALES = new AcceptHeaderLocaleContextResolver();

	/** The longest wait for one exchange: a bound for a loaded machine, never reached by a working filter. */
	private static final Duration WAIT = Duration.ofSeconds(30);

	WebFilter filter;

	private AnnotationConfigReactiveWebApplicationContext context;

	/**
	 * Starts the application context and takes its filter.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.context = new AnnotationConfigReactiveWebApplicationContext();
		this.context.getEnvironment()
			.getPropertySources()
			.addFirst(StarterLimit.filtered(LIMIT_NAME, params.limit, ServletFilterState.PATH));
		this.context.register(ReactiveApplication.class);
		this.context.refresh();
		this.filter = this.context.getBean("limiterWebFilter", WebFilter.class);
	}

	/**
	 * Closes the application context.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.context.close();
	}

	/**
	 * Sends one exchange through the filter and waits for its end.
	 * @return the response's status: none when the filter let it through (the chain sets none), 429 when it
	 * denied it
	 */
	HttpStatusCode decide() {
		ServerWebExchange exchange = exchange();
		this.filter.filter(exchange, CHAIN).block(WAIT);
		return exchange.getResponse().getStatusCode();
	}

	/**
	 * Sends one exchange of the same mock objects straight to the chain.
	 * @return the response's status, none
	 */
	static HttpStatusCode mocksAlone() {
		ServerWebExchange exchange = exchange();
		CHAIN.filter(exchange).block(WAIT);
		return exchange.getResponse().getStatusCode();
	}

	// As a server makes an exchange of each request, with the application's codecs: MockServerWebExchange would
	// make a codec configurer of its own for each, which costs many times what the filter does.
	private static ServerWebExchange exchange() {
		return new DefaultServerWebExchange(MockServerHttpRequest.get(ServletFilterState.PATH).remoteAddress(CLIENT).build(),
				new MockServerHttpResponse(), SESSIONS, CODECS, LOCALES);
	}

	/** The application: Limiter's auto-configuration and its reactive side. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LimiterAutoConfiguration.class, LimiterWebFluxAutoConfiguration.class })
	static class ReactiveApplication {

		@Bean
		ServerCodecConfigurer serverCodecConfigurer() {
			return CODECS;
		}

	}

}
