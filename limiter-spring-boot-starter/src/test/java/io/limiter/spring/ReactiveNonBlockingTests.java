package io.limiter.spring;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.WebFilterChain;

import io.limiter.LimiterBackend;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterWebFluxAutoConfiguration;
import io.limiter.spring.internal.reactive.RateLimitWebFilter;
import io.limiter.spring.testapp.reactive.ReactiveQuoteService;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The WebFlux filter and the aspect never wait for a decision: with a backend that only answers asynchronously
 * and holds its answers, the thread that subscribed (a Reactor non-blocking thread, as Netty's are) is free for
 * other work while the decision is pending; the filter's exchange goes on on Reactor's parallel scheduler, a method's
 * call on the thread that completed the decision.
 */
class ReactiveNonBlockingTests {

	private static final Duration BOUND = Duration.ofSeconds(10);

	private final ReactiveWebApplicationContextRunner runner = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				LimiterWebFluxAutoConfiguration.class, AopAutoConfiguration.class))
		.withBean(AsyncOnlyBackend.class)
		.withBean(ReactiveQuoteService.class)
		.withPropertyValues("limiter.limits.hello.capacity=3", "limiter.limits.hello.period=1h",
				"limiter.limits.quote.capacity=2", "limiter.limits.quote.period=1h",
				"limiter.filter.rules[0].paths=/api/hello", "limiter.filter.rules[0].limit=hello");

	private final Scheduler eventLoop = Schedulers.newSingle("event-loop");

	@AfterEach
	void disposeEventLoop() {
		this.eventLoop.dispose();
	}

	@Test
	void webFilterLeavesTheEventLoopFreeWhileItsDecisionIsPending() {
		this.runner.run((context) -> {
			assertThat(context.getBean(LimiterBackend.class)).isInstanceOf(AsyncOnlyBackend.class);
			AsyncOnlyBackend backend = context.getBean(AsyncOnlyBackend.class);
			MockServerWebExchange exchange = MockServerWebExchange
				.from(MockServerHttpRequest.get("/api/hello").remoteAddress(new InetSocketAddress("192.0.2.1", 4000)));
			AtomicReference<String> chainThread = new AtomicReference<>();
			WebFilterChain chain = (filtered) -> Mono.fromRunnable(() -> chainThread.set(Thread.currentThread().getName()));
			backend.hold();
			CompletableFuture<Void> filtered = context.getBean(RateLimitWebFilter.class)
				.filter(exchange, chain)
				.subscribeOn(this.eventLoop)
				.toFuture();
			assertEventLoopIsFree();
			assertThat(filtered).isNotDone();
			backend.release();
			filtered.get(BOUND.toSeconds(), TimeUnit.SECONDS);
			assertThat(chainThread.get()).as("the exchange goes on on the parallel scheduler, not on the thread that decided")
				.startsWith("parallel-");
			assertThat(exchange.getResponse().getHeaders().getFirst("RateLimit")).isEqualTo("\"hello\";r=2;t=1200");
		});
	}

	@Test
	void monoMethodLeavesTheEventLoopFreeWhileItsDecisionIsPending() {
		this.runner.run((context) -> {
			AsyncOnlyBackend backend = context.getBean(AsyncOnlyBackend.class);
			ReactiveQuoteService quotes = context.getBean(ReactiveQuoteService.class);
			backend.hold();
			CompletableFuture<String> quote = quotes.quote("x").subscribeOn(this.eventLoop).toFuture();
			assertEventLoopIsFree();
			assertThat(quote).isNotDone();
			backend.release();
			assertThat(quote.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("quote for x");
			assertThat(quotes.lastCallThread()).isEqualTo(AsyncOnlyBackend.DECIDER);
		});
	}

	@Test
	void completableFutureMethodReturnsBeforeItsDecision() {
		this.runner.run((context) -> {
			AsyncOnlyBackend backend = context.getBean(AsyncOnlyBackend.class);
			ReactiveQuoteService quotes = context.getBean(ReactiveQuoteService.class);
			backend.hold();
			CompletableFuture<String> quote = Mono.fromCallable(() -> quotes.quoteLater("y"))
				.subscribeOn(this.eventLoop)
				.block(BOUND);
			assertThat(quote).isNotDone();
			backend.release();
			assertThat(quote.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("later quote for y");
			assertThat(quotes.lastCallThread()).isEqualTo(AsyncOnlyBackend.DECIDER);
		});
	}

	/** Runs a task on the event loop: it runs only if whatever was subscribed there before did not wait. */
	private void assertEventLoopIsFree() {
		String thread = Mono.fromCallable(() -> Thread.currentThread().getName())
			.subscribeOn(this.eventLoop)
			.block(BOUND);
		assertThat(thread).startsWith("event-loop");
	}

}
