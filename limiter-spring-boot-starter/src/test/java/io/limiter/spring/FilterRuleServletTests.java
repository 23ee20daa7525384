package io.limiter.spring;

import java.security.Principal;

import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.testapp.OutcomeController;
import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.TestApplication;

/**
 * {@link FilterRuleContract} for the servlet filter, on Tomcat.
 */
@SpringBootTest(classes = { TestApplication.class, RuleBeans.class, OutcomeController.class,
		FilterRuleServletTests.TestUser.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("rules")
class FilterRuleServletTests extends FilterRuleContract {

	/** Stands in for an authentication filter: the user named in {@link FilterRuleContract#USER}. */
	@Configuration(proxyBeanMethods = false)
	static class TestUser {

		@Bean
		FilterRegistrationBean<Filter> testUser() {
			Filter filter = (request, response, chain) -> {
				String user = ((HttpServletRequest) request).getHeader(USER);
				chain.doFilter((user != null) ? withUser((HttpServletRequest) request, user) : request, response);
			};
			FilterRegistrationBean<Filter> registration = new FilterRegistrationBean<>(filter);
			registration.setOrder(-1000);
			return registration;
		}

		private static HttpServletRequest withUser(HttpServletRequest request, String user) {
			return new HttpServletRequestWrapper(request) {
				@Override
				public Principal getUserPrincipal() {
					return () -> user;
				}
			};
		}

	}

	@Override
	Class<? extends LimiterBackend> backend() {
		return InMemoryBackend.class;
	}

}
