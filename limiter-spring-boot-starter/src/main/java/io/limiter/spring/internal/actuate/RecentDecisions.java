package io.limiter.spring.internal.actuate;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;

/**
 * Counts the decisions of the last window, and those that the failure policy made by their reason, for the health.
 * The window is a ring of {@value #SLOTS} time slots of striped counters: a decision reads the clock, finds its slot
 * with one volatile read and adds to a {@link LongAdder}; no lock, and an allocation only when a slot begins. The
 * counts cover the last window to within one slot.
 */
public final class RecentDecisions implements LimiterObserver {

	/** How many slots the window is cut into. */
	static final int SLOTS = 10;

	/** The shortest window: slots of 100 ms. */
	static final Duration MINIMUM_WINDOW = Duration.ofSeconds(1);

	private static final DegradedReason[] REASONS = DegradedReason.values();

	private final Duration window;

	private final long slotMillis;

	private final LimiterClock clock;

	private final AtomicReferenceArray<Slot> slots = new AtomicReferenceArray<>(SLOTS);

	/**
	 * Creates the counts.
	 * @param window how far back they go
	 * @param clock the time source
	 * @throws IllegalArgumentException when the window is shorter than {@link #MINIMUM_WINDOW}
	 */
	public RecentDecisions(Duration window, LimiterClock clock) {
		this.window = checkWindow(window);
		this.slotMillis = window.toMillis() / SLOTS;
		this.clock = Objects.requireNonNull(clock, "clock");
	}

	/**
	 * Checks a window.
	 * @param window the window
	 * @return the window
	 * @throws IllegalArgumentException when it is missing or shorter than {@link #MINIMUM_WINDOW}
	 */
	public static Duration checkWindow(Duration window) {
		if (window == null || window.compareTo(MINIMUM_WINDOW) < 0) {
			throw new IllegalArgumentException("the window must be at least " + MINIMUM_WINDOW.toSeconds() + "s");
		}
		return window;
	}

	@Override
	public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
		slot().decisions.increment();
	}

	/** {@inheritDoc} Called once for each degraded decision, just before {@link #onDecision} hears of it. */
	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		slot().degraded[reason.ordinal()].increment();
	}

	private Slot slot() {
		long index = this.clock.millis() / this.slotMillis;
		int position = (int) Math.floorMod(index, (long) SLOTS);
		while (true) {
			Slot slot = this.slots.get(position);
			// a clock that stepped back counts in the newer slot
			if (slot != null && slot.index >= index) {
				return slot;
			}
			Slot fresh = new Slot(index);
			if (this.slots.compareAndSet(position, slot, fresh)) {
				return fresh;
			}
		}
	}

	/**
	 * Sums the slots of the last window.
	 * @return the counts
	 */
	public Counts counts() {
		long current = this.clock.millis() / this.slotMillis;
		long decisions = 0;
		Map<DegradedReason, Long> reasons = new EnumMap<>(DegradedReason.class);
		for (int i = 0; i < SLOTS; i++) {
			Slot slot = this.slots.get(i);
			if (slot == null || slot.index <= current - SLOTS) {
				continue;
			}
			decisions += slot.decisions.sum();
			for (DegradedReason reason : REASONS) {
				long degraded = slot.degraded[reason.ordinal()].sum();
				if (degraded > 0) {
					reasons.merge(reason, degraded, Long::sum);
				}
			}
		}
		return new Counts(this.window, decisions, reasons);
	}

	/**
	 * The decisions of a window.
	 * @param window how far back they go
	 * @param decisions every decision
	 * @param degraded the decisions that the failure policy made, by why the backend did not
	 */
	public record Counts(Duration window, long decisions, Map<DegradedReason, Long> degraded) {

		/** {@return how many decisions the failure policy made} */
		public long degradedDecisions() {
			return this.degraded.values().stream().mapToLong(Long::longValue).sum();
		}

		/**
		 * Returns the share of the decisions that the failure policy made; a degraded decision is counted just
		 * before the decision itself, so a count taken between the two is capped at 1.
		 * @return from 0 to 1; 0 without degraded decisions
		 */
		public double degradedShare() {
			long degraded = degradedDecisions();
			return (degraded == 0) ? 0 : (double) degraded / Math.max(degraded, this.decisions);
		}

	}

	private static final class Slot {

		private final long index;

		private final LongAdder decisions = new LongAdder();

		private final LongAdder[] degraded = new LongAdder[REASONS.length];

		private Slot(long index) {
			this.index = index;
			for (int i = 0; i < this.degraded.length; i++) {
				this.degraded[i] = new LongAdder();
			}
		}

	}

}
