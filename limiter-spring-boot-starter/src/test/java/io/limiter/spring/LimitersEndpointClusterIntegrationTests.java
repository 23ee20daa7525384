package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.spring.testapp.TestApplication;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The admin operations of the {@code limiters} endpoint end to end over HTTP, on a real Redis Cluster with the
 * default local tier: a reset or added permits through the endpoint also lifts this instance's in-memory block of the key.
 */
class LimitersEndpointClusterIntegrationTests {

	private static final String KEY = "127.0.0.1";

	private static ConfigurableApplicationContext application;

	private final HttpClient http = HttpClient.newHttpClient();

	@BeforeAll
	static void start() {
		application = new SpringApplicationBuilder(TestApplication.class).profiles("web")
			.properties("server.port=0", "limiter.redis.timeout=2s",
					"limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes())
			.run();
		assertThat(application.getBean(RateLimiterRegistry.class).backend()).isInstanceOf(RedisBackend.class);
	}

	@AfterAll
	static void stop() {
		application.close();
	}

	@Test
	void resetAddPermitsAndPenaltyReachRedisAndLiftThisInstancesBlock() throws Exception {
		assertThat(send("DELETE", "/actuator/limiters/hello/" + KEY, null).statusCode()).isEqualTo(200);
		for (int i = 0; i < 3; i++) {
			assertThat(hello()).isEqualTo(200);
		}
		assertThat(hello()).isEqualTo(429);
		assertThat(hello()).as("refused by this instance's block").isEqualTo(429);
		assertThat(send("DELETE", "/actuator/limiters/hello/" + KEY, null).statusCode()).isEqualTo(200);
		assertThat(hello()).isEqualTo(200);
		HttpResponse<String> penalty = send("POST", "/actuator/limiters/hello/" + KEY,
				"{\"operation\": \"penalty\", \"permits\": 4}");
		assertThat(penalty.statusCode()).isEqualTo(200);
		assertThat(penalty.body()).contains("\"operation\":\"penalty\"");
		assertThat(hello()).isEqualTo(429);
		send("POST", "/actuator/limiters/hello/" + KEY, "{\"operation\": \"add-permits\", \"permits\": 3}");
		assertThat(send("GET", "/actuator/limiters/hello/" + KEY, null).body()).contains("\"remaining\":1");
		assertThat(hello()).isEqualTo(200);
		assertThat(hello()).isEqualTo(429);
		assertThat(adminCount("reset") + adminCount("add-permits") + adminCount("penalty")).isEqualTo(4);
	}

	private int hello() throws Exception {
		return send("GET", "/api/hello", null).statusCode();
	}

	private HttpResponse<String> send(String method, String path, String json) throws Exception {
		String port = application.getEnvironment().getProperty("local.server.port");
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
		if (json != null) {
			request.header("Content-Type", "application/json")
				.method(method, HttpRequest.BodyPublishers.ofString(json));
		}
		else {
			request.method(method, HttpRequest.BodyPublishers.noBody());
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static double adminCount(String operation) {
		Counter counter = application.getBean(MeterRegistry.class)
			.find("limiter.admin.operations")
			.tag("limit", "hello")
			.tag("operation", operation)
			.tag("outcome", "applied")
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

}
