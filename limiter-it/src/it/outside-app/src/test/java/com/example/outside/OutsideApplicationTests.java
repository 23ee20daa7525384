package com.example.outside;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application on a random port, over real HTTP: both ways of limiting hold with nothing but Limiter's starter
 * and Spring Boot's web starter on the class path.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OutsideApplicationTests {

	private final HttpClient client = HttpClient.newHttpClient();

	@LocalServerPort
	private int port;

	@Test
	void filterRuleLimitsTheEndpoint() throws Exception {
		List<HttpResponse<String>> responses = get("/greeting", 3);

		assertThat(responses).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
		assertThat(responses.get(2).headers().firstValue("Retry-After")).isPresent();
	}

	@Test
	void rateLimitedMethodIsEnforcedPerUser() throws Exception {
		List<HttpResponse<String>> responses = get("/quotes/42", 3);

		assertThat(responses).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
		assertThat(responses.get(0).body()).isEqualTo("A quote for 42");
		assertThat(responses.get(2).headers().firstValue("Retry-After")).isPresent();
		assertThat(get("/quotes/43", 1)).extracting(HttpResponse::statusCode).containsExactly(200);
	}

	private List<HttpResponse<String>> get(String path, int times) throws IOException, InterruptedException {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path)).build();
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (int i = 0; i < times; i++) {
			responses.add(this.client.send(request, HttpResponse.BodyHandlers.ofString()));
		}
		return responses;
	}

}
