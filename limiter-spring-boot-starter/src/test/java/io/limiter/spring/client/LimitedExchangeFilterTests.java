package io.limiter.spring.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;

import reactor.core.Disposable;
import reactor.core.publisher.Mono;

import io.limiter.Algorithm;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The filter for {@code WebClient}: a call waits for its permit without holding the subscribing thread, its exchange
 * goes on on Reactor's parallel scheduler (not on the thread that completed the wait, nor on the caller's), and a
 * call whose permit is not due within maxWait is signalled as denied without being exchanged.
 */
class LimitedExchangeFilterTests {

	private static final Duration PERIOD = Duration.ofMillis(300);

	private final InMemoryBackend backend = InMemoryBackend.builder().build();

	private final RateLimiterRegistry registry = new RateLimiterRegistry(this.backend,
			Map.of("partner", Limit.of(Algorithm.TOKEN_BUCKET, 1, PERIOD), "hourly",
					Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofHours(1))));

	private final List<String> exchangeThreads = new CopyOnWriteArrayList<>();

	private final List<Long> exchangeTimes = new CopyOnWriteArrayList<>();

	private final ExchangeFunction partner = (request) -> {
		this.exchangeTimes.add(System.nanoTime());
		this.exchangeThreads.add(Thread.currentThread().getName());
		return Mono.just(ClientResponse.create(HttpStatus.OK).build());
	};

	@AfterEach
	void closeBackend() {
		this.backend.close();
	}

	@Test
	void aWaitingCallHoldsNoThreadAndItsExchangeGoesOnOnTheParallelScheduler() throws Exception {
		ExchangeFilterFunction filter = LimitedHttpClients.limit(this.registry, "partner")
			.maxWait(Duration.ofSeconds(2))
			.exchangeFilter();
		filter.filter(call("/first"), this.partner).block();
		long start = System.nanoTime();
		CompletableFuture<ClientResponse> second = filter.filter(call("/second"), this.partner).toFuture();
		Duration subscribing = Duration.ofNanos(System.nanoTime() - start);
		assertThat(second.get(2, TimeUnit.SECONDS).statusCode()).isEqualTo(HttpStatus.OK);
		assertThat(subscribing).isLessThan(PERIOD.dividedBy(2));
		// the second permit is due one period after the first; the hand-over to the scheduler adds some jitter
		assertThat(Duration.ofNanos(this.exchangeTimes.get(1) - this.exchangeTimes.get(0)))
			.isGreaterThanOrEqualTo(PERIOD.minusMillis(20));
		assertThat(this.exchangeThreads).hasSize(2).allSatisfy((thread) -> assertThat(thread).startsWith("parallel-"));
	}

	@Test
	void aCallWhosePermitIsNotDueWithinMaxWaitIsSignalledAndNotExchanged() {
		ExchangeFilterFunction filter = LimitedHttpClients.limit(this.registry, "hourly")
			.maxWait(Duration.ofMillis(100))
			.exchangeFilter();
		filter.filter(call("/first"), this.partner).block();
		assertThatExceptionOfType(OutboundRateLimitExceededException.class)
			.isThrownBy(() -> filter.filter(call("/second"), this.partner).block())
			.satisfies((denied) -> {
				assertThat(denied.key()).isEqualTo("partner.example:443");
				assertThat(denied.method()).isEqualTo(HttpMethod.GET);
				assertThat(denied.maxWait()).isEqualTo(Duration.ofMillis(100));
			});
		assertThat(this.exchangeThreads).hasSize(1);
	}

	/**
	 * A subscription cancelled while its call waits for a reserved permit gives the permit back and never exchanges:
	 * the key's reset-after falls back to an hour at most, which refill alone would take an hour to do.
	 */
	@Test
	void aCallCancelledWhileItWaitsGivesItsPermitBackAndIsNotExchanged() throws Exception {
		ExchangeFilterFunction filter = LimitedHttpClients.limit(this.registry, "hourly")
			.maxWait(Duration.ofHours(2))
			.exchangeFilter();
		filter.filter(call("/first"), this.partner).block();
		RateLimiter limiter = this.registry.limiter("hourly");
		Disposable waiting = filter.filter(call("/second"), this.partner).subscribe();
		awaitResetAfter(limiter, (resetAfter) -> resetAfter > Duration.ofHours(1).toMillis());
		waiting.dispose();
		awaitResetAfter(limiter, (resetAfter) -> resetAfter <= Duration.ofHours(1).toMillis());
		assertThat(this.exchangeThreads).hasSize(1);
	}

	private static void awaitResetAfter(RateLimiter limiter, LongPredicate condition) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!condition.test(limiter.peek("partner.example:443").resetAfterMillis())) {
			assertThat(System.nanoTime()).as("condition met within 10 s").isLessThan(deadline);
			Thread.sleep(5);
		}
	}

	private static ClientRequest call(String path) {
		return ClientRequest.create(HttpMethod.GET, URI.create("https://partner.example" + path)).build();
	}

}
