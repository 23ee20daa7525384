package io.limiter.samples.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code POST /api/login} over real HTTP, without credentials or a CSRF token, with every Actuator endpoint
 * exposed: only failed logins count, three per minute per user, and the fourth attempt after three failures gets
 * 429 whatever its password.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=*")
class LoginLimitTests {

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Test
	void successfulLoginsDoNotCountAndTheFourthAttemptAfterThreeFailuresGets429() throws Exception {
		for (int i = 0; i < 5; i++) {
			HttpResponse<String> welcome = login("alice", "secret");
			assertThat(welcome.statusCode()).isEqualTo(200);
			assertThat(welcome.body()).isEqualTo("Welcome, alice!\n");
		}
		for (int i = 0; i < 3; i++) {
			assertThat(login("alice", "guess" + i).statusCode()).isEqualTo(401);
		}
		HttpResponse<String> denied = login("alice", "secret");
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.headers().firstValue("Retry-After")).isPresent();
		assertThat(denied.body()).contains("\"limit\":\"login\"");
		assertThat(login("bob", "secret").statusCode()).isEqualTo(200);
		assertThat(login("bob", "guess").statusCode()).isEqualTo(401);
	}

	@Test
	void oneAccountHasOneBudgetHoweverItsNameIsTyped() throws Exception {
		assertThat(login("carol", "guess").statusCode()).isEqualTo(401);
		assertThat(login("Carol", "guess").statusCode()).isEqualTo(401);
		assertThat(login("%20CAROL%20", "guess").statusCode()).isEqualTo(401);
		assertThat(login("carol", "secret").statusCode()).as("the fourth attempt on the account").isEqualTo(429);
		assertThat(login("dave", "secret").statusCode()).isEqualTo(200);
	}

	private HttpResponse<String> login(String user, String password) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/login"))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("user=" + user + "&password=" + password))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
