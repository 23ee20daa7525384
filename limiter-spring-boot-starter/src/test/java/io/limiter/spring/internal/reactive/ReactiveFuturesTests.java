package io.limiter.spring.internal.reactive;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

import io.limiter.InMemoryBackend;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.http.RuleExpressionContexts;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On which thread what follows a decision goes on: where it was asked when the backend decides in memory and the
 * decision is known, else on Reactor's parallel scheduler; and a filter without rules leaves every exchange where it
 * was.
 */
class ReactiveFuturesTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@Test
	void inMemoryAKnownDecisionIsFollowedOnTheThreadThatAsked() {
		try (InMemoryBackend backend = InMemoryBackend.builder().build()) {
			String thread = ReactiveFutures.of(backend)
				.resume(CompletableFuture.completedFuture("granted"))
				.map((decision) -> Thread.currentThread().getName())
				.block(WAIT);
			assertThat(thread).isEqualTo(Thread.currentThread().getName());
		}
	}

	@Test
	void inMemoryADecisionNotKnownYetIsFollowedOnTheParallelScheduler() {
		try (InMemoryBackend backend = InMemoryBackend.builder().build()) {
			CompletableFuture<String> later = new CompletableFuture<>();
			Mono<String> thread = ReactiveFutures.of(backend)
				.resume(later)
				.map((decision) -> Thread.currentThread().getName());
			CompletableFuture<String> followed = thread.toFuture();
			later.complete("granted");
			assertThat(followed.join()).startsWith("parallel-");
		}
	}

	@Test
	void handedOverAKnownDecisionIsFollowedOnTheParallelScheduler() {
		String thread = ReactiveFutures.handOver()
			.resume(CompletableFuture.completedFuture("granted"))
			.map((decision) -> Thread.currentThread().getName())
			.block(WAIT);
		assertThat(thread).startsWith("parallel-");
	}

	@Test
	void handedOverAnExchangeThatNoLimitDecidesGoesOnOnTheParallelScheduler() {
		AtomicReference<String> thread = new AtomicReference<>();
		ReactiveFutures.handOver()
			.proceed(() -> Mono.fromRunnable(() -> thread.set(Thread.currentThread().getName())))
			.block(WAIT);
		assertThat(thread.get()).startsWith("parallel-");
	}

	@Test
	void aFilterWithoutRulesPassesTheExchangeOnWhereItIs() {
		RateLimitWebFilter filter = new RateLimitWebFilter(List.of(), true,
				new ReactiveRateLimitResponses(false, false, List::of), 0,
				new RuleExpressionContexts<>(new ExpressionContexts(null), (request) -> ""), ReactiveFutures.handOver());
		AtomicReference<String> thread = new AtomicReference<>();
		filter.filter(MockServerWebExchange.from(MockServerHttpRequest.get("/api/anything")),
				(exchange) -> Mono.fromRunnable(() -> thread.set(Thread.currentThread().getName())))
			.block(WAIT);
		assertThat(thread.get()).isEqualTo(Thread.currentThread().getName());
	}

}
