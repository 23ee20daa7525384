package io.limiter.spring;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.ReactiveTypeDescriptor;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.internal.aop.InvalidRateLimitedException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Any return type that the application's {@code ReactiveAdapterRegistry} adapts (a Reactive Streams
 * {@code Publisher}, a type the application registered) is limited at each subscription without a thread waiting
 * for the decision, as {@code Mono} and {@code Flux} are; a method that returns a value, called on a non-blocking
 * thread, fails at once rather than wait for the backend. The limit {@code quote} allows two calls per key.
 */
class ReactiveReturnTypesTests {

	private static final Duration BOUND = Duration.ofSeconds(10);

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterAspectAutoConfiguration.class,
				AopAutoConfiguration.class))
		.withPropertyValues("limiter.limits.quote.capacity=2", "limiter.limits.quote.period=1h")
		.withBean(Quotes.class);

	/** A backend that answers only asynchronously, once released, and throws when asked synchronously. */
	private final ApplicationContextRunner asyncOnly = this.runner.withBean(AsyncOnlyBackend.class)
		.withBean(ReactiveAdapterRegistry.class, ReactiveReturnTypesTests::registryWithLater);

	private final Scheduler eventLoop = Schedulers.newSingle("event-loop");

	@AfterEach
	void disposeEventLoop() {
		this.eventLoop.dispose();
	}

	@Test
	void publisherIsLimitedAtEachSubscriptionWithoutWaiting() {
		this.asyncOnly.run((context) -> {
			AsyncOnlyBackend backend = context.getBean(AsyncOnlyBackend.class);
			Publisher<String> quotes = context.getBean(Quotes.class).publisher("p");
			backend.hold();
			CompletableFuture<List<String>> first = Flux.from(quotes)
				.collectList()
				.subscribeOn(this.eventLoop)
				.toFuture();
			assertEventLoopIsFree();
			assertThat(first).isNotDone();
			backend.release();
			assertThat(first.get(BOUND.toSeconds(), TimeUnit.SECONDS)).containsExactly("quote p", "another quote p");
			assertThat(Flux.from(quotes).collectList().block(BOUND)).hasSize(2);
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> Flux.from(quotes).collectList().block(BOUND));
		});
	}

	@Test
	void typeRegisteredInTheApplicationsRegistryIsLimitedAtEachSubscriptionWithoutWaiting() {
		this.asyncOnly.run((context) -> {
			AsyncOnlyBackend backend = context.getBean(AsyncOnlyBackend.class);
			Later<String> quote = context.getBean(Quotes.class).later("l");
			backend.hold();
			CompletableFuture<String> first = Mono.from(quote.publisher()).subscribeOn(this.eventLoop).toFuture();
			assertEventLoopIsFree();
			assertThat(first).isNotDone();
			backend.release();
			assertThat(first.get(BOUND.toSeconds(), TimeUnit.SECONDS)).isEqualTo("later quote l");
			assertThat(Mono.from(quote.publisher()).block(BOUND)).isEqualTo("later quote l");
			assertThatExceptionOfType(RateLimitExceededException.class)
				.isThrownBy(() -> Mono.from(quote.publisher()).block(BOUND));
		});
	}

	@Test
	void valueMethodCalledOnANonBlockingThreadFailsWithoutTakingAPermit() {
		this.runner.run((context) -> {
			Quotes quotes = context.getBean(Quotes.class);
			assertThatExceptionOfType(InvalidRateLimitedException.class)
				.isThrownBy(() -> Mono.fromCallable(() -> quotes.value("v")).subscribeOn(this.eventLoop).block(BOUND))
				.withMessageStartingWith("@RateLimited(limit = \"quote\") on " + Quotes.class.getName()
						+ "#value(String): it returns a value, so its limits are decided on the calling thread, which "
						+ "would wait for the backend, and the calling thread event-loop-")
				.withMessageContaining("is a non-blocking one (a Netty event loop in WebFlux) that must never wait: "
						+ "return a Mono, a Flux or a CompletionStage");
			assertThat(context.getBean(RateLimiterRegistry.class).limiter("quote").tryAcquire("v", 0).remaining())
				.isEqualTo(2);
			assertThat(quotes.value("v")).as("on a thread that may block").isEqualTo("quote v");
		});
	}

	private void assertEventLoopIsFree() {
		String thread = Mono.fromCallable(() -> Thread.currentThread().getName())
			.subscribeOn(this.eventLoop)
			.block(BOUND);
		assertThat(thread).startsWith("event-loop");
	}

	/** The application's registry: Spring's defaults and {@link Later}. */
	private static ReactiveAdapterRegistry registryWithLater() {
		ReactiveAdapterRegistry registry = new ReactiveAdapterRegistry();
		registry.registerReactiveType(
				ReactiveTypeDescriptor.singleOptionalValue(Later.class, () -> new Later<>(Mono.empty())),
				(later) -> ((Later<?>) later).publisher(), Later::new);
		return registry;
	}

	/**
	 * A reactive type of the application's own: a lazy value, known to the aspect only through the registry.
	 * @param <T> the type of the value
	 * @param publisher signals the value when subscribed to
	 */
	record Later<T>(Publisher<T> publisher) {
	}

	static class Quotes {

		@RateLimited(limit = "quote", key = "#id")
		public Publisher<String> publisher(String id) {
			return Flux.just("quote " + id, "another quote " + id);
		}

		@RateLimited(limit = "quote", key = "#id")
		public Later<String> later(String id) {
			return new Later<>(Mono.fromCallable(() -> "later quote " + id));
		}

		@RateLimited(limit = "quote", key = "#id")
		public String value(String id) {
			return "quote " + id;
		}

	}

}
