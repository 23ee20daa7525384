package io.limiter.spring.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.util.ClassUtils;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.client.LimitedHttpClients;
import io.limiter.spring.internal.client.HostRoutedExchangeFilter;
import io.limiter.spring.internal.client.HostRoutedInterceptor;
import io.limiter.spring.internal.client.HostRoutes;

/**
 * Auto-configuration of the limits on outbound calls ({@code limiter.outbound.rules}): a customizer of Spring Boot's
 * {@code RestClient.Builder} and {@code RestTemplateBuilder} (spring-boot-restclient) that adds one interceptor, and
 * of its {@code WebClient.Builder} (spring-boot-webclient) that adds one filter; each hands a call to the
 * {@link LimitedHttpClients} interceptor or filter of the first rule whose hosts match its target, and lets calls to
 * other hosts through untouched. Clients built without these builders ({@code RestClient.builder()}) are not
 * limited.
 */
@AutoConfiguration(after = LimiterAutoConfiguration.class)
@ConditionalOnClass(ClientHttpRequestInterceptor.class)
@ConditionalOnBean(RateLimiterRegistry.class)
@ConditionalOnBooleanProperty(name = "limiter.outbound.enabled", matchIfMissing = true)
public final class LimiterOutboundAutoConfiguration {

	private static final String REST_CLIENT_CUSTOMIZER = "org.springframework.boot.restclient.RestClientCustomizer";

	private static final String WEB_CLIENT_CUSTOMIZER = "org.springframework.boot.webclient.WebClientCustomizer";

	@Bean
	@ConditionalOnMissingBean(name = "limiterOutboundRoutes")
	HostRoutes<LimitedHttpClients.Builder> limiterOutboundRoutes(LimiterProperties properties,
			RateLimiterRegistry registry, ApplicationContext context) {
		ClassLoader classLoader = context.getClassLoader();
		return OutboundRuleDefinitions.routes(properties.getOutbound(), registry,
				LimitDefinitions.shadowLimits(properties), ClassUtils.isPresent(REST_CLIENT_CUSTOMIZER, classLoader)
						|| ClassUtils.isPresent(WEB_CLIENT_CUSTOMIZER, classLoader));
	}

	/** Spring Boot's {@code RestClient.Builder} and {@code RestTemplateBuilder}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.web.client.RestClient", REST_CLIENT_CUSTOMIZER })
	static class RestClients {

		@Bean
		@ConditionalOnMissingBean(name = "limiterRestClientCustomizer")
		RestClientCustomizer limiterRestClientCustomizer(HostRoutes<LimitedHttpClients.Builder> limiterOutboundRoutes) {
			ClientHttpRequestInterceptor interceptor = interceptor(limiterOutboundRoutes);
			return (builder) -> {
				if (!limiterOutboundRoutes.isEmpty()) {
					builder.requestInterceptor(interceptor);
				}
			};
		}

		@Bean
		@ConditionalOnMissingBean(name = "limiterRestTemplateCustomizer")
		RestTemplateCustomizer limiterRestTemplateCustomizer(
				HostRoutes<LimitedHttpClients.Builder> limiterOutboundRoutes) {
			ClientHttpRequestInterceptor interceptor = interceptor(limiterOutboundRoutes);
			return (restTemplate) -> {
				if (!limiterOutboundRoutes.isEmpty()) {
					restTemplate.getInterceptors().add(interceptor);
				}
			};
		}

		private static ClientHttpRequestInterceptor interceptor(HostRoutes<LimitedHttpClients.Builder> routes) {
			return new HostRoutedInterceptor(routes.map(LimitedHttpClients.Builder::interceptor));
		}

	}

	/** Spring Boot's {@code WebClient.Builder}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.web.reactive.function.client.WebClient",
			"reactor.core.publisher.Mono", WEB_CLIENT_CUSTOMIZER })
	static class WebClients {

		@Bean
		@ConditionalOnMissingBean(name = "limiterWebClientCustomizer")
		WebClientCustomizer limiterWebClientCustomizer(HostRoutes<LimitedHttpClients.Builder> limiterOutboundRoutes) {
			HostRoutedExchangeFilter filter = new HostRoutedExchangeFilter(
					limiterOutboundRoutes.map(LimitedHttpClients.Builder::exchangeFilter));
			return (builder) -> {
				if (!limiterOutboundRoutes.isEmpty()) {
					builder.filter(filter);
				}
			};
		}

	}

}
