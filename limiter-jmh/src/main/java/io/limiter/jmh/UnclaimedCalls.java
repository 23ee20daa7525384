package io.limiter.jmh;

import java.util.concurrent.atomic.AtomicLong;

import io.limiter.LimiterObserver;

/**
 * Redis calls counted where they are sent, as the observer of a backend, for variants whose calls do not happen once
 * per request (the local tier borrows or asks Redis on some requests, from whichever thread is first, and sometimes
 * from a Netty thread). Benchmark threads {@linkplain #claim() claim} the calls not yet counted, so that each call
 * lands in exactly one thread's {@code redisCalls}.
 */
final class UnclaimedCalls implements LimiterObserver {

	private final AtomicLong unclaimed = new AtomicLong();

	@Override
	public void onRedisCall() {
		this.unclaimed.incrementAndGet();
	}

	/**
	 * Takes the calls sent since the last claim; a plain read when there are none, so that claiming on every
	 * request costs next to nothing.
	 * @return the calls claimed
	 */
	int claim() {
		return (this.unclaimed.get() == 0) ? 0 : (int) this.unclaimed.getAndSet(0);
	}

}
