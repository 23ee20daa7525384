package io.limiter.spring.internal.reactive;

import java.util.concurrent.atomic.AtomicBoolean;

import reactor.core.publisher.Mono;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.server.reactive.ServerHttpResponse;

import io.limiter.spring.internal.PendingRefunds;
import io.limiter.spring.internal.http.FailedResponses;

/**
 * Settles the pending permits of one exchange, once, with its final outcome, at the last moment before the end of
 * its answer can reach the client. An answer whose length is declared (a single encoded value, an error page) is
 * whole when it is committed, and settles then with its status; any other settles when the exchange ends, before
 * the server sends its end: with its status when it completes, as a server error when it fails after its answer
 * started (a {@code Flux} body that breaks off), and through the error handler's answer when it fails before. A
 * client that goes away leaves the status it was answered with, and one that goes away before any answer leaves
 * the permits taken.
 */
final class SettlingExchange {

	private final ServerHttpResponse response;

	private final PendingRefunds<Integer> pending;

	private final ReactiveFutures futures;

	private final AtomicBoolean settled = new AtomicBoolean();

	private volatile boolean ended;

	SettlingExchange(ServerHttpResponse response, PendingRefunds<Integer> pending, ReactiveFutures futures) {
		this.response = response;
		this.pending = pending;
		this.futures = futures;
	}

	/**
	 * Settles when the answer is whole as it is committed, or when the exchange has ended already (an error
	 * handler's answer); else leaves settling to the end of the exchange.
	 * @return completes when settled, at once when left
	 */
	Mono<Void> beforeCommit() {
		if (this.ended || this.response.getHeaders().getContentLength() >= 0) {
			return settle(status());
		}
		return Mono.empty();
	}

	/**
	 * Settles an exchange that completed, with its status.
	 * @return completes when settled
	 */
	Mono<Void> completed() {
		this.ended = true;
		return settle(status());
	}

	/**
	 * Settles an exchange that failed after its answer started; one that failed before is answered by the error
	 * handler, and settles when that answer is committed.
	 * @param failure what failed
	 * @return completes when settled, at once when left to the error handler's answer
	 */
	Mono<Void> failed(Throwable failure) {
		this.ended = true;
		return this.response.isCommitted() ? settle(FailedResponses.status(status(), failure)) : Mono.empty();
	}

	/**
	 * Settles an exchange that the client left after its answer started, with that answer's status, without
	 * waiting; one left before any answer keeps its permits.
	 */
	void cancelled() {
		if (this.response.isCommitted() && this.settled.compareAndSet(false, true)) {
			this.pending.settleAsync(status());
		}
	}

	private Mono<Void> settle(int status) {
		if (!this.settled.compareAndSet(false, true)) {
			return Mono.empty();
		}
		return this.futures.resume(() -> this.pending.settleAsync(status));
	}

	private int status() {
		HttpStatusCode status = this.response.getStatusCode();
		return (status != null) ? status.value() : HttpStatus.OK.value();
	}

}
