package io.limiter.samples.gateway;

import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;

/**
 * The key of the benchmark's route: the header {@value #HEADER}, so that a load generator on one address drives one
 * key or many. A client names its own key with it: never a key for a real route.
 */
@Configuration(proxyBeanMethods = false)
@Profile("benchmark")
class BenchmarkKeys {

	/** The header that names the key. */
	static final String HEADER = "X-Client";

	@Bean
	KeyResolver clientHeaderKeyResolver() {
		return (exchange) -> Mono.justOrEmpty(exchange.getRequest().getHeaders().getFirst(HEADER));
	}

}
