package io.limiter.reliability;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.LimiterObserver;

/**
 * Counts the decisions that a failure policy made instead of Redis, by limit and by reason, and keeps the first few
 * failures, the first failure of each reason and the time of the last one.
 */
final class RecordingObserver implements LimiterObserver {

	private static final int KEPT_FAILURES = 20;

	private final AtomicLong failures = new AtomicLong();

	private final Map<String, AtomicLong> failuresByLimit = new ConcurrentHashMap<>();

	private final List<Throwable> firstFailures = new CopyOnWriteArrayList<>();

	private final List<DegradedReason> firstReasons = new CopyOnWriteArrayList<>();

	private final Map<String, Map<DegradedReason, AtomicLong>> failuresByReason = new ConcurrentHashMap<>();

	private final Map<DegradedReason, Throwable> firstFailureByReason = new ConcurrentHashMap<>();

	private volatile long lastFailureNanos;

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		this.lastFailureNanos = System.nanoTime();
		this.failuresByLimit.computeIfAbsent(limitName, (name) -> new AtomicLong()).incrementAndGet();
		this.failuresByReason.computeIfAbsent(limitName, (name) -> new ConcurrentHashMap<>())
			.computeIfAbsent(reason, (kind) -> new AtomicLong())
			.incrementAndGet();
		this.firstFailureByReason.putIfAbsent(reason, failure);
		if (this.failures.incrementAndGet() <= KEPT_FAILURES) {
			this.firstFailures.add(failure);
			this.firstReasons.add(reason);
		}
	}

	/**
	 * Returns how many decisions the policy made.
	 * @return the count
	 */
	long failures() {
		return this.failures.get();
	}

	/**
	 * Returns how many decisions of one limit the policy made.
	 * @param limitName the limit
	 * @return the count
	 */
	long failures(String limitName) {
		AtomicLong count = this.failuresByLimit.get(limitName);
		return (count != null) ? count.get() : 0;
	}

	/**
	 * Returns how many decisions of one limit the policy made, by reason.
	 * @param limitName the limit
	 * @return the counts, in the order of the reasons
	 */
	Map<DegradedReason, Long> failuresByReason(String limitName) {
		Map<DegradedReason, Long> counts = new EnumMap<>(DegradedReason.class);
		this.failuresByReason.getOrDefault(limitName, Map.of())
			.forEach((reason, count) -> counts.put(reason, count.get()));
		return counts;
	}

	/**
	 * Returns the first failure heard of a reason, whatever its limit.
	 * @param reason the reason
	 * @return the failure, or {@code null} when none was heard
	 */
	Throwable firstFailure(DegradedReason reason) {
		return this.firstFailureByReason.get(reason);
	}

	/**
	 * Returns the first failures heard.
	 * @return up to 20 failures
	 */
	List<Throwable> firstFailures() {
		return List.copyOf(this.firstFailures);
	}

	/**
	 * Returns the reasons of the first failures heard.
	 * @return up to 20 reasons
	 */
	List<DegradedReason> reasons() {
		return List.copyOf(this.firstReasons);
	}

	/**
	 * Returns the {@link System#nanoTime()} of the last failure.
	 * @return the time, or 0 when none was heard
	 */
	long lastFailureNanos() {
		return this.lastFailureNanos;
	}

	/**
	 * Waits until the policy has decided nothing for {@code quiet} and returns the time of its last decision, or
	 * 0 when it never decided.
	 * @param since the {@link System#nanoTime()} from which on to wait
	 * @param quiet how long without a decision by the policy counts as recovered
	 * @param limit how long to wait at most
	 * @return the time of the last decision by the policy
	 * @throws InterruptedException when interrupted
	 * @throws AssertionError when the policy still decided after {@code limit}
	 */
	long awaitQuiet(long since, Duration quiet, Duration limit) throws InterruptedException {
		while (System.nanoTime() - since < limit.toNanos()) {
			long last = this.lastFailureNanos;
			if (System.nanoTime() - Math.max(last, since) > quiet.toNanos()) {
				return last;
			}
			Thread.sleep(50);
		}
		throw new AssertionError("the policy still decided " + limit + " later: " + this);
	}

	@Override
	public String toString() {
		return this.failures.get() + " failures, first " + this.firstFailures;
	}

}
