package com.example.outside;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitsChangedEvent;
import io.limiter.spring.client.LimitedHttpClients;
import io.limiter.spring.client.OutboundRateLimitExceededException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The application as it runs in production, on the Redis that {@code spring.data.redis.*} names: here a
 * {@code redis-server} of the test's own, started before the application and stopped after it. Its decisions live
 * in that Redis under its name, its calls to a partner wait their turn there, and its limits change while it runs.
 */
@ExtendWith(OutputCaptureExtension.class)
class OutsideOnRedisTests {

	private static ApplicationOnRedis running;

	private static LocalRedisServer redis;

	private static ConfigurableApplicationContext application;

	private static Http http;

	@BeforeAll
	static void start() throws Exception {
		running = ApplicationOnRedis.start();
		redis = running.redis();
		application = running.application();
		http = running.http();
	}

	@AfterAll
	static void stop() throws Exception {
		if (running != null) {
			running.close();
		}
	}

	private static int port() {
		return running.port();
	}

	private static List<String> keysInRedis() {
		RedisClient client = RedisClient.create(redis.uri());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			return connection.sync().keys("*");
		}
		finally {
			client.shutdown();
		}
	}

	@Nested
	class WhereTheLimitsLive {

		@Test
		void startUpSaysThatTheRedisOfSpringBootsConnectionDecides(CapturedOutput output) {
			assertThat(output).contains("Limiter decides rate limits in Redis standalone 127.0.0.1:" + redis.port()
					+ ", namespace 'outside-app' (from Spring Boot's Redis connection"
					+ " (PropertiesDataRedisConnectionDetails))");
		}

		@Test
		void decisionsAreKeptInThatRedisUnderTheApplicationsName() throws Exception {
			assertThat(http.get("/greeting", 3)).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
			assertThat(http.get("/quotes/7", 1)).extracting(HttpResponse::statusCode).containsExactly(200);

			List<String> keys = keysInRedis();
			assertThat(keys).contains("limiter:outside-app:{greeting:127.0.0.1}:tb", "limiter:outside-app:{quote:7}:tb",
					"limiter:outside-app:{#instances}");
			assertThat(keys).allSatisfy((key) -> assertThat(key).startsWith("limiter:outside-app:"));
		}

	}

	@Nested
	class CallsToAPartner {

		/** Counts the calls that left, behind the limiter's interceptor: only those it let go. */
		private final List<URI> sent = new CopyOnWriteArrayList<>();

		@Test
		void callsThatMayWaitGoOutOneAPeriodApartAndACallThatMayNotFailsUnsent() {
			RateLimiterRegistry registry = application.getBean(RateLimiterRegistry.class);
			RestClient waiting = partner(LimitedHttpClients.limit(registry, "partner").maxWait(Duration.ofSeconds(5)));
			RestClient impatient = partner(LimitedHttpClients.limit(registry, "partner").maxWait(Duration.ZERO));

			long start = System.nanoTime();
			for (int i = 0; i < 3; i++) {
				assertThat(waiting.get().uri("/partner/ping").retrieve().body(String.class)).isEqualTo("pong");
			}
			Duration took = Duration.ofNanos(System.nanoTime() - start);
			assertThat(this.sent).hasSize(3);
			// one permit every 500 ms: the second call waited for the next, the third for the one after (a lower
			// bound, with a little room for the millisecond rounding of each wait)
			assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(950));

			assertThatExceptionOfType(OutboundRateLimitExceededException.class)
				.isThrownBy(() -> impatient.get().uri("/partner/ping").retrieve().body(String.class))
				.satisfies((denied) -> {
					assertThat(denied.limitName()).isEqualTo("partner");
					assertThat(denied.key()).isEqualTo("127.0.0.1:" + port());
					assertThat(denied.maxWait()).isZero();
				});
			assertThat(this.sent).hasSize(3);
			assertThat(keysInRedis()).contains("limiter:outside-app:{partner:127.0.0.1:" + port() + "}:tb");
		}

		private RestClient partner(LimitedHttpClients.Builder limit) {
			ClientHttpRequestInterceptor counter = (request, body, execution) -> {
				this.sent.add(request.getURI());
				return execution.execute(request, body);
			};
			return RestClient.builder()
				.baseUrl("http://127.0.0.1:" + port())
				.requestInterceptor(limit.interceptor())
				.requestInterceptor(counter)
				.build();
		}

	}

	@Nested
	class LimitsChangedWhileRunning {

		@Test
		void aRaisedCapacityDecidesTheNextRequestAndTheKeyKeepsWhatItUsed() throws Exception {
			List<HttpResponse<String>> before = http.get("/news", 3, "X-Reader", "ann");
			assertThat(before).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
			assertThat(before.get(0).headers().firstValue("RateLimit-Policy")).hasValue("\"news\";q=2;w=3600");

			change("raised", "limiter.limits.news.capacity", 4);

			List<HttpResponse<String>> after = http.get("/news", 3, "X-Reader", "ann");
			assertThat(after).extracting(HttpResponse::statusCode).containsExactly(200, 200, 429);
			assertThat(after.get(0).headers().firstValue("RateLimit-Policy")).hasValue("\"news\";q=4;w=3600");
		}

		@Test
		void aBadChangeIsRefusedWholeAndSaid(CapturedOutput output) throws Exception {
			String policy = policyOfNews("bob");

			change("bad", "limiter.limits.news.capacity", -1);

			assertThat(output).contains("Limiter refused the changed limits and keeps all the running ones:"
					+ " Invalid value '-1' of limiter.limits.news.capacity: capacity must be at least 1 but was -1");
			assertThat(policyOfNews("bob")).isEqualTo(policy);
		}

		private String policyOfNews(String reader) throws Exception {
			return http.get("/news", 1, "X-Reader", reader).get(0).headers().firstValue("RateLimit-Policy").orElseThrow();
		}

		/** Changes a property as README.md shows, without Spring Cloud: a property source first, then the event. */
		private void change(String source, String property, Object value) {
			application.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource(source, Map.of(property, value)));
			application.publishEvent(new LimitsChangedEvent(this));
		}

	}

}
