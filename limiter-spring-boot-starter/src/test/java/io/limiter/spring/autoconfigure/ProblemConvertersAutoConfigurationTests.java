package io.limiter.spring.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.ServerHttpMessageConvertersCustomizer;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpOutputMessage;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.AbstractHttpMessageConverter;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import io.limiter.Decision;
import io.limiter.spring.internal.http.DenialResponse;
import io.limiter.spring.internal.web.RateLimitResponses;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The servlet filter writes its problems with the converters the application configured for Spring MVC: Spring's
 * defaults and every {@link ServerHttpMessageConvertersCustomizer}.
 */
class ProblemConvertersAutoConfigurationTests {

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterWebAutoConfiguration.class))
		.withPropertyValues("limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s",
				"limiter.filter.rules[0].limit=hello");

	@Test
	void theApplicationsCustomizedConvertersWriteTheProblem() {
		this.servlet
			.withBean(ServerHttpMessageConvertersCustomizer.class,
					() -> (builder) -> builder.addCustomConverter(new TerseProblemConverter()))
			.run((context) -> assertThat(denialBody(context.getBean(RateLimitResponses.class)))
				.isEqualTo("problem 429 of hello"));
	}

	@Test
	void withoutACustomizerSpringsDefaultConvertersWriteIt() {
		this.servlet.run((context) -> assertThat(denialBody(context.getBean(RateLimitResponses.class)))
			.contains("\"limit\":\"hello\"")
			.contains("\"status\":429"));
	}

	private static String denialBody(RateLimitResponses responses) throws IOException {
		MockHttpServletResponse response = new MockHttpServletResponse();
		responses.deny(new MockHttpServletRequest("GET", "/hello"), response, List.of(), "hello",
				Decision.denied(10, 0, 1000, 1000), DenialResponse.DEFAULT);
		return response.getContentAsString(StandardCharsets.UTF_8);
	}

	/** A converter of the application's own, which writes problems its way. */
	static final class TerseProblemConverter extends AbstractHttpMessageConverter<ProblemDetail> {

		TerseProblemConverter() {
			super(MediaType.APPLICATION_PROBLEM_JSON);
		}

		@Override
		protected boolean supports(Class<?> type) {
			return ProblemDetail.class.isAssignableFrom(type);
		}

		@Override
		protected ProblemDetail readInternal(Class<? extends ProblemDetail> type, HttpInputMessage input) {
			throw new UnsupportedOperationException("writes only");
		}

		@Override
		protected void writeInternal(ProblemDetail problem, HttpOutputMessage output) throws IOException {
			output.getBody()
				.write(("problem " + problem.getStatus() + " of " + problem.getProperties().get("limit"))
					.getBytes(StandardCharsets.UTF_8));
		}

	}

}
