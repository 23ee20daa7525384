package io.limiter.spring.autoconfigure;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.http.converter.HttpMessageConverters;
import org.springframework.util.ClassUtils;

/**
 * The message converters of the application's server side, made as Spring Boot makes Spring MVC's: Spring's
 * defaults, then every {@link ServerHttpMessageConvertersCustomizer} bean in order (the application's JSON mapper
 * among them). Without Spring Boot's converter module, Spring's defaults alone.
 */
final class ServerMessageConverters {

	private static final String CUSTOMIZER = "org.springframework.boot.http.converter.autoconfigure."
			+ "ServerHttpMessageConvertersCustomizer";

	private ServerMessageConverters() {
	}

	static HttpMessageConverters of(BeanFactory beans) {
		HttpMessageConverters.ServerBuilder builder = HttpMessageConverters.forServer().registerDefaults();
		if (ClassUtils.isPresent(CUSTOMIZER, ServerMessageConverters.class.getClassLoader())) {
			Customizers.apply(beans, builder);
		}
		return builder.build();
	}

	/** Loaded only where Spring Boot's converter module is, since it names its type. */
	private static final class Customizers {

		static void apply(BeanFactory beans, HttpMessageConverters.ServerBuilder builder) {
			beans.getBeanProvider(ServerHttpMessageConvertersCustomizer.class)
				.orderedStream()
				.forEach((customizer) -> customizer.customize(builder));
		}

	}

}
