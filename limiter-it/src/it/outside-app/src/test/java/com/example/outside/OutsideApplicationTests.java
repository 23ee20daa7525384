package com.example.outside;

import java.net.http.HttpResponse;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application on a random port, over real HTTP, with its limits kept in memory although it has Spring Boot's
 * Redis connection, as a test that needs no Redis keeps them: with an {@link InMemoryBackend} bean. Both ways of
 * limiting hold with nothing but Limiter's starter and Spring Boot's starters on the class path.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OutsideApplicationTests {

	@LocalServerPort
	private int port;

	private Http http;

	@BeforeEach
	void connect() {
		this.http = new Http("localhost", this.port);
	}

	@Test
	void filterRuleLimitsTheEndpoint() throws Exception {
		List<HttpResponse<String>> responses = this.http.get("/greeting", 3);

		assertThat(responses).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
		assertThat(responses.get(2).headers().firstValue("Retry-After")).isPresent();
	}

	@Test
	void rateLimitedMethodIsEnforcedPerUser() throws Exception {
		List<HttpResponse<String>> responses = this.http.get("/quotes/42", 3);

		assertThat(responses).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
		assertThat(responses.get(0).body()).isEqualTo("A quote for 42");
		assertThat(responses.get(2).headers().firstValue("Retry-After")).isPresent();
		assertThat(this.http.get("/quotes/43", 1)).extracting(HttpResponse::statusCode).containsExactly(200);
	}

	@Test
	void limitsAreKeptInTheBackendBeanOfTheTest(@Autowired LimiterBackend backend,
			@Autowired InMemoryBackend inMemory) {
		assertThat(backend).isSameAs(inMemory);
	}

	@TestConfiguration
	static class InMemoryLimits {

		@Bean
		InMemoryBackend inMemoryBackend() {
			return InMemoryBackend.builder().build();
		}

	}

}
