package io.limiter.jmh.redis;

import io.limiter.FailurePolicy;
import io.limiter.LimiterObserver;

/**
 * Notes, per thread, that the failure policy made the decision the thread just got, so that the over-grant
 * check counts it as an error instead of as a decision of Redis. Synchronous decisions tell their observer on
 * the calling thread.
 */
public final class FailureWitness implements LimiterObserver {

	/** The witness every backend of the benchmarks reports to. */
	public static final FailureWitness INSTANCE = new FailureWitness();

	private final ThreadLocal<boolean[]> failed = ThreadLocal.withInitial(() -> new boolean[1]);

	private FailureWitness() {
	}

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, Throwable failure) {
		this.failed.get()[0] = true;
	}

	/**
	 * Returns whether the failure policy decided on this thread since the last call, and forgets it.
	 * @return {@code true} when the last decision was not made by Redis
	 */
	public boolean takeFailure() {
		boolean[] flag = this.failed.get();
		boolean failure = flag[0];
		flag[0] = false;
		return failure;
	}

}
