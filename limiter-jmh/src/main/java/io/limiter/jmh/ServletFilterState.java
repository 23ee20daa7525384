package io.limiter.jmh;

import java.io.IOException;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.springframework.web.context.support.AnnotationConfigWebApplicationContext;

import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterWebAutoConfiguration;

/**
 * The starter's servlet filter ({@code limiterRateLimitFilter}) as a servlet application gets it: one rule that
 * applies an in-memory token bucket of the benchmark's limit to {@value #PATH}, keyed by the client's address.
 * Each decision is a request of Spring's mock objects through the filter to a chain that does nothing;
 * {@link #mocksAlone()} is the same request without the filter, what the mocks cost.
 */
@State(Scope.Benchmark)
public class ServletFilterState {

	/** The name of the limit. */
	static final String LIMIT_NAME = "servlet-filtered";

	/** The path of the rule and of every request. */
	static final String PATH = "/api/cost";

	private static final FilterChain CHAIN = (request, response) -> {
	};

	Filter filter;

	private AnnotationConfigWebApplicationContext context;

	/**
	 * Starts the application context and takes its filter.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.context = new AnnotationConfigWebApplicationContext();
		this.context.setServletContext(new MockServletContext());
		this.context.getEnvironment()
			.getPropertySources()
			.addFirst(StarterLimit.filtered(LIMIT_NAME, params.limit, PATH));
		this.context.register(ServletApplication.class);
		this.context.refresh();
		this.filter = this.context.getBean("limiterFilterRegistration", FilterRegistrationBean.class).getFilter();
	}

	/**
	 * Closes the application context.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.context.close();
	}

	/**
	 * Sends one request through the filter.
	 * @return the response's status: 200 when the filter let it through, 429 when it denied it
	 * @throws ServletException never: the chain does nothing
	 * @throws IOException when writing the denial fails
	 */
	int decide() throws ServletException, IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.filter.doFilter(new MockHttpServletRequest("GET", PATH), response, CHAIN);
		return response.getStatus();
	}

	/**
	 * Sends one request of the same mock objects straight to the chain.
	 * @return the response's status, 200
	 * @throws ServletException never: the chain does nothing
	 * @throws IOException never: the chain does nothing
	 */
	static int mocksAlone() throws ServletException, IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		CHAIN.doFilter(new MockHttpServletRequest("GET", PATH), response);
		return response.getStatus();
	}

	/** The application: Limiter's auto-configuration and its servlet side. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LimiterAutoConfiguration.class, LimiterWebAutoConfiguration.class })
	static class ServletApplication {

	}

}
