package io.limiter.spring.testapp;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Holds requests in their handlers until a test opens it, and counts how many entered: the requests in flight.
 */
public class Gate {

	private volatile CompletableFuture<Void> open = new CompletableFuture<>();

	private final AtomicInteger entered = new AtomicInteger();

	/**
	 * Records a request that entered its handler and returns when the gate opens.
	 * @return completes when the gate opens
	 */
	public CompletableFuture<Void> enter() {
		this.entered.incrementAndGet();
		return this.open;
	}

	public int entered() {
		return this.entered.get();
	}

	public void open() {
		this.open.complete(null);
	}

	public void close() {
		this.entered.set(0);
		this.open = new CompletableFuture<>();
	}

}
