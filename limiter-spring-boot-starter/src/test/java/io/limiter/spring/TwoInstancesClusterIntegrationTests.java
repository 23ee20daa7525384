package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.limiter.spring.testapp.TestApplication;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end: two instances of an application on random ports share one limit through a real Redis Cluster,
 * and under concurrent requests to both their combined 200 answers are the limit's capacity, never more.
 */
class TwoInstancesClusterIntegrationTests {

	private static final int CAPACITY = 30;

	private static final int THREADS_PER_INSTANCE = 8;

	private static final int REQUESTS_PER_THREAD = 10;

	@Test
	void instancesShareTheLimit() throws Exception {
		RedisFixtures.cluster().flushAll();
		try (ConfigurableApplicationContext first = start(); ConfigurableApplicationContext second = start()) {
			List<URI> instances = List.of(helloUri(first), helloUri(second));
			HttpClient http = HttpClient.newHttpClient();
			AtomicInteger ok = new AtomicInteger();
			AtomicInteger tooMany = new AtomicInteger();
			ExecutorService pool = Executors.newFixedThreadPool(2 * THREADS_PER_INSTANCE);
			try {
				List<Future<?>> runs = new ArrayList<>();
				for (int t = 0; t < 2 * THREADS_PER_INSTANCE; t++) {
					URI uri = instances.get(t % 2);
					runs.add(pool.submit(() -> {
						for (int i = 0; i < REQUESTS_PER_THREAD; i++) {
							int status = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding())
								.statusCode();
							(status == 200 ? ok : tooMany).incrementAndGet();
							assertThat(status).isIn(200, 429);
						}
						return null;
					}));
				}
				for (Future<?> run : runs) {
					run.get();
				}
			}
			finally {
				pool.shutdown();
			}
			double errors = errors(first) + errors(second);
			assertThat(ok.get()).isLessThanOrEqualTo(CAPACITY).isGreaterThanOrEqualTo(CAPACITY - (int) errors);
			assertThat(ok.get() + tooMany.get()).isEqualTo(2 * THREADS_PER_INSTANCE * REQUESTS_PER_THREAD);
		}
	}

	private static ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(TestApplication.class).profiles("e2e")
			.properties("server.port=0", "limiter.redis.timeout=2s",
					"limiter.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes())
			.run();
	}

	/** Redis errors (timeouts on a busy machine) deny under fail-closed, so each may cost one 200. */
	private static double errors(ConfigurableApplicationContext context) {
		Counter counter = context.getBean(MeterRegistry.class)
			.find("limiter.decisions")
			.tag("outcome", "error")
			.counter();
		return (counter != null) ? counter.count() : 0;
	}

	private static URI helloUri(ConfigurableApplicationContext context) {
		return URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port") + "/api/hello");
	}

}
