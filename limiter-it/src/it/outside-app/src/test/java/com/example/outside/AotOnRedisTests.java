package com.example.outside;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.aot.AotDetector;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The application as Spring AOT builds it for a native image (the profile aot: spring-boot:process-aot before the
 * tests, then the tests with spring.aot.enabled=true), started from its generated initializer on a redis-server of
 * the test's own: the filter rule, the @RateLimited method and the limiters endpoint work, and the native-image
 * metadata that AOT wrote holds Limiter's scripts and the limited method. Runs only in that profile, the second
 * invocation of this project (invoker.properties).
 */
class AotOnRedisTests {

	private static ApplicationOnRedis running;

	@BeforeAll
	static void start() throws Exception {
		running = ApplicationOnRedis.start("--management.endpoints.web.exposure.include=limiters");
	}

	@AfterAll
	static void stop() throws Exception {
		if (running != null) {
			running.close();
		}
	}

	@Test
	void theApplicationRunsOnItsAotArtifacts() {
		assertThat(AotDetector.useGeneratedArtifacts()).isTrue();
		assertThat(OutsideApplication.class.getClassLoader()
			.getResource("com/example/outside/OutsideApplication__ApplicationContextInitializer.class")).isNotNull();
	}

	@Test
	void theNativeImageMetadataHoldsTheScriptsAndTheLimitedMethod() throws IOException {
		// JSON as Spring writes it, with each / escaped
		String metadata = resource("META-INF/native-image/com.example/outside-app/reachability-metadata.json")
			.replace("\\/", "/");
		assertThat(metadata).contains("\"glob\": \"io/limiter/**/*.lua\"", "com.example.outside.QuoteService");
	}

	@Test
	void filterRuleLimitsTheEndpoint() throws Exception {
		assertThat(running.http().get("/greeting", 3)).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
	}

	@Test
	void rateLimitedMethodIsEnforcedPerUser() throws Exception {
		assertThat(running.http().get("/quotes/42", 3)).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
		assertThat(running.http().get("/quotes/43", 1)).extracting(HttpResponse::statusCode).containsExactly(200);
	}

	@Test
	void theLimitersEndpointListsTheLimitsAndShowsAKeysStateInRedis() throws Exception {
		HttpResponse<String> limits = running.http().get("/actuator/limiters", 1).get(0);
		assertThat(limits.statusCode()).isEqualTo(200);
		assertThat(limits.body()).contains("\"backend\":\"RedisBackend\"", "\"greeting\"", "\"quote\"");
		running.http().get("/quotes/77", 1);
		HttpResponse<String> state = running.http().get("/actuator/limiters/quote/77", 1).get(0);
		assertThat(state.statusCode()).isEqualTo(200);
		assertThat(state.body()).contains("\"key\":\"77\"", "\"capacity\":2", "\"remaining\":1");
	}

	private static String resource(String name) throws IOException {
		try (InputStream in = AotOnRedisTests.class.getClassLoader().getResourceAsStream(name)) {
			assertThat(in).as(name).isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

}
