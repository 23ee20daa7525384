package io.limiter.spring.client;

import org.springframework.http.HttpRequest;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;

import reactor.core.publisher.Mono;

import io.limiter.RateLimiter;
import io.limiter.spring.internal.reactive.ReactiveFutures;

/**
 * Waits for a permit of the limit without holding a thread ({@link RateLimiter#tryAcquireAsync}), then goes on with the
 * exchange on Reactor's parallel scheduler, never on the Redis client's I/O thread or the backend's wait thread that
 * completed the wait. A call with no permit due within maxWait signals {@link OutboundRateLimitExceededException} and
 * is never sent. Cancelling the subscription while the call waits cancels the future of {@code acquireAsync}
 * ({@link ReactiveFutures}), which gives back the permits it reserved; the call is never sent. A limit in shadow
 * mode never waits and never denies.
 */
final class LimitedExchangeFilter implements ExchangeFilterFunction {

	private final OutboundLimit limit;

	private LimitedExchangeFilter(OutboundLimit limit) {
		this.limit = limit;
	}

	static ExchangeFilterFunction of(OutboundLimit limit) {
		return new LimitedExchangeFilter(limit);
	}

	@Override
	public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
		return Mono.defer(() -> {
			HttpRequest call = new ClientRequestView(request);
			String key = this.limit.keyOf(call);
			RateLimiter limiter = this.limit.limiter();
			return ReactiveFutures.handOver()
				.resume(() -> limiter.tryAcquireAsync(key, this.limit.cost(), this.limit.maxWait()).toCompletableFuture())
				.flatMap((decision) -> this.limit.sends(call, key, decision) ? next.exchange(request)
						: Mono.error(this.limit.denied(call, key, decision)));
		});
	}

	@Override
	public String toString() {
		return "LimitedExchangeFilter{" + this.limit + "}";
	}

}
