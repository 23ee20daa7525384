package io.limiter.spring.internal.aot;

import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

import io.limiter.spring.internal.actuate.LimitersDescriptors;

/**
 * What a native image needs for the starter beyond what Spring and Spring Boot register: the public methods of the
 * requests that the SpEL keys and conditions of filter rules read (such as {@code getHeader('X-Api-Key')}), on the
 * request types of Spring MVC and WebFlux and of their default servers (Tomcat, Reactor Netty); and the answers of the
 * {@code limiters} endpoint, which Jackson writes: Spring Boot registers the declared return types of endpoint
 * operations, but those that answer a key's state, an admin result or an error declare {@code Object}. The rest is
 * covered elsewhere: the core's scripts by the core's own hints, the problem bodies by Spring's {@code ProblemDetail} hints, the properties by
 * Spring Boot's binding, and {@code @RateLimited} beans by {@code RateLimitedBeansAotProcessor}. Spring AOT finds
 * it in {@code META-INF/spring/aot.factories}.
 */
public final class LimiterStarterRuntimeHints implements RuntimeHintsRegistrar {

	/** The requests that the filter rules' expressions read, as interfaces and as the servers' classes. */
	static final String[] REQUEST_TYPES = { "jakarta.servlet.ServletRequest", "jakarta.servlet.http.HttpServletRequest",
			"org.apache.catalina.connector.RequestFacade", "org.springframework.http.HttpRequest",
			"org.springframework.http.server.reactive.ServerHttpRequest",
			"org.springframework.http.server.reactive.ReactorServerHttpRequest", "org.springframework.http.HttpHeaders" };

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		for (String type : REQUEST_TYPES) {
			hints.reflection().registerTypeIfPresent(classLoader, type, MemberCategory.INVOKE_PUBLIC_METHODS);
		}
		new BindingReflectionHintsRegistrar().registerReflectionHints(hints.reflection(),
				LimitersDescriptors.class.getDeclaredClasses());
	}

}
