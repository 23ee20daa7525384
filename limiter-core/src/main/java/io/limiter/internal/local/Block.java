package io.limiter.internal.local;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

import io.limiter.Decision;
import io.limiter.internal.memory.IdleAware;

/**
 * What Redis said when it refused a key one permit short: requests of {@code permits} are refused, with
 * {@code permits - 1} remaining, until {@code untilMillis}. After that time the key is still at its limit as far as
 * this instance knows, and the block holds the one request of those permits that asks Redis (the probe), so that
 * others wait for its answer instead of all asking at once. Idle, and so collectable, once its time has passed.
 */
final class Block implements IdleAware {

	private final long untilMillis;

	private final long permits;

	private final long resetAtMillis;

	private final long limit;

	private final int rate;

	/** The probe of a block that is no longer the key's: it admits none, and who looks at it looks again. */
	private static final CompletableFuture<Decision> RETIRED = CompletableFuture.completedFuture(null);

	private final AtomicReference<CompletableFuture<Decision>> probe = new AtomicReference<>();

	/**
	 * Creates a block.
	 * @param untilMillis the retry deadline
	 * @param permits the permits of the refused request
	 * @param resetAtMillis when Redis expected the key to be full again
	 * @param limit the capacity of the rate that refused
	 * @param rate the index of that rate in the limit's rates
	 */
	Block(long untilMillis, long permits, long resetAtMillis, long limit, int rate) {
		this.untilMillis = untilMillis;
		this.permits = permits;
		this.resetAtMillis = resetAtMillis;
		this.limit = limit;
		this.rate = rate;
	}

	long untilMillis() {
		return this.untilMillis;
	}

	long permits() {
		return this.permits;
	}

	long resetAtMillis() {
		return this.resetAtMillis;
	}

	long limit() {
		return this.limit;
	}

	int rate() {
		return this.rate;
	}

	/**
	 * {@return the answer of the probe that asks Redis now, or {@code null} when none does; an answer already
	 * complete, carrying no decision, once the block was retired}
	 */
	CompletableFuture<Decision> probeInFlight() {
		return this.probe.get();
	}

	/**
	 * Makes a request the probe, unless another one is.
	 * @param answer completed with the probe's decision once it is remembered
	 * @return {@code true} when the caller is now the probe
	 */
	boolean startProbe(CompletableFuture<Decision> answer) {
		return this.probe.compareAndSet(null, answer);
	}

	/**
	 * Ends the probe, before its answer is completed, so that the requests it wakes can start the next one.
	 * @param answer the answer that {@link #startProbe(CompletableFuture)} accepted
	 */
	void endProbe(CompletableFuture<Decision> answer) {
		this.probe.compareAndSet(answer, null);
	}

	/**
	 * Retires a block that another replaced or that a grant ended: a request that read it before then starts no
	 * probe under it, which would ask Redis again beside the probes of the key's current state, but looks again.
	 */
	void retire() {
		this.probe.set(RETIRED);
	}

	@Override
	public boolean isIdle(long nowMillis) {
		return nowMillis >= this.untilMillis;
	}

}
