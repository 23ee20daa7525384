package io.limiter.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.testapp.HeldController;
import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's {@link LimiterObserver} bean with a bug, heard before the starter's meters: requests are still
 * decided as without it, the meters still count every decision, and a concurrency permit is still given back.
 */
@SpringBootTest(classes = { TestApplication.class, HeldController.class, ThrowingObserverTests.BuggyObserverBean.class },
		webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "limiter.limits.hello.capacity=2", "limiter.limits.hello.period=1h",
				"limiter.concurrency.held-one.max-in-flight=1", "limiter.concurrency.held-one.lease=1h",
				"limiter.filter.rules[0].paths=/api/hello", "limiter.filter.rules[0].limit=hello",
				"limiter.filter.rules[0].key=header:X-User", "limiter.filter.rules[1].paths=/api/held-one/**",
				"limiter.filter.rules[1].limit=held-one", "limiter.filter.rules[1].key=header:X-User" })
class ThrowingObserverTests {

	@LocalServerPort
	private int port;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private ConcurrencyLimiters concurrencyLimiters;

	@Autowired
	private BuggyObserver buggy;

	@Test
	void requestsAreDecidedAndCountedAsWithoutTheObserver() throws Exception {
		assertThat(get("/api/hello", "rate").statusCode()).isEqualTo(200);
		assertThat(get("/api/hello", "rate").statusCode()).isEqualTo(200);
		assertThat(get("/api/hello", "rate").statusCode()).isEqualTo(429);
		assertThat(this.buggy.calls.get()).as("the buggy observer heard of each decision").isGreaterThanOrEqualTo(3);
		assertThat(DecisionMeters.count(this.meters, "hello", "allowed")).isEqualTo(2);
		assertThat(DecisionMeters.count(this.meters, "hello", "denied")).isEqualTo(1);
	}

	@Test
	void theConcurrencyPermitIsGivenBack() throws Exception {
		assertThat(get("/api/held-one/failing", "held").statusCode()).as("the handler's own failure").isEqualTo(500);
		awaitNoneInFlight();
		assertThat(get("/api/held-one/failing", "held").statusCode()).as("not denied: the permit came back")
			.isEqualTo(500);
		awaitNoneInFlight();
		Gauge inFlight = this.meters.find("limiter.permits.in-flight").tag("limit", "held-one").gauge();
		assertThat(inFlight).isNotNull();
		assertThat(inFlight.value()).as("the meters heard of both grants and both releases").isZero();
		assertThat(DecisionMeters.count(this.meters, "held-one", "allowed")).isEqualTo(2);
	}

	/** A request's permit comes back when the server is done with it, which may be just after its answer. */
	private void awaitNoneInFlight() throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (this.concurrencyLimiters.get("held-one").inFlight("held") > 0) {
			assertThat(System.nanoTime()).as("no permit in flight before the deadline").isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	private HttpResponse<String> get(String path, String user) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("X-User", user)
			.timeout(Duration.ofSeconds(10))
			.build();
		return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
	}

	/** The buggy observer, first of the observers. */
	@TestConfiguration(proxyBeanMethods = false)
	static class BuggyObserverBean {

		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		BuggyObserver buggyObserver() {
			return new BuggyObserver();
		}

	}

	/** Throws from every callback that a request causes. */
	static final class BuggyObserver implements LimiterObserver {

		final AtomicInteger calls = new AtomicInteger();

		@Override
		public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
			this.calls.incrementAndGet();
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit,
				long nanos) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
			throw new IllegalStateException("observer bug");
		}

	}

}
