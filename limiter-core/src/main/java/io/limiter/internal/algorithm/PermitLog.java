package io.limiter.internal.algorithm;

import java.util.Arrays;

/**
 * The grant times of a sliding window log, oldest first, kept as runs of one time and the running total of
 * permits up to it, so memory grows with the number of grants rather than of permits and both lookups (by time
 * and by position) are binary searches. Times are added in non-decreasing order. Not thread-safe.
 */
final class PermitLog {

	private static final int INITIAL_RUNS = 4;

	private long[] times = new long[INITIAL_RUNS];

	private long[] totals = new long[INITIAL_RUNS];

	private int head;

	private int size;

	/** The running total of the last run dropped from the head. */
	private long droppedTotal;

	boolean isEmpty() {
		return this.size == 0;
	}

	/** {@return the newest grant time; the log must not be empty} */
	long newest() {
		return this.times[slot(this.size - 1)];
	}

	/**
	 * Returns how many permits were granted after a time.
	 * @param time the exclusive lower bound
	 * @return the permits
	 */
	long countAfter(long time) {
		return totalBefore(this.size) - totalBefore(firstAfter(time));
	}

	/**
	 * Returns the grant time of one permit among those granted after a time.
	 * @param time the exclusive lower bound
	 * @param position the permit, 1 for the oldest after {@code time}; at most {@link #countAfter(long)}
	 * @return its grant time
	 */
	long timeOf(long time, long position) {
		long target = totalBefore(firstAfter(time)) + position;
		int low = 0;
		int high = this.size - 1;
		while (low < high) {
			int middle = (low + high) >>> 1;
			if (this.totals[slot(middle)] >= target) {
				high = middle;
			}
			else {
				low = middle + 1;
			}
		}
		return this.times[slot(low)];
	}

	/**
	 * Adds permits granted at a time no earlier than {@link #newest()}.
	 * @param time the grant time
	 * @param permits how many, at least 1
	 */
	void add(long time, long permits) {
		long total = totalBefore(this.size) + permits;
		if (this.size > 0 && newest() == time) {
			this.totals[slot(this.size - 1)] = total;
			return;
		}
		if (this.size == this.times.length) {
			grow();
		}
		this.times[slot(this.size)] = time;
		this.totals[slot(this.size)] = total;
		this.size++;
	}

	/**
	 * Removes the newest permits, as the script removes the members of the highest scores and indices.
	 * @param permits how many, at least 1 and fewer than the permits kept
	 */
	void removeNewest(long permits) {
		long kept = totalBefore(this.size) - permits;
		while (this.size > 0 && totalBefore(this.size - 1) >= kept) {
			this.size--;
		}
		this.totals[slot(this.size - 1)] = kept;
	}

	/**
	 * Removes permits granted at one time, as the script removes the members of that score with the highest indices.
	 * @param time the grant time
	 * @param permits how many at most
	 * @return how many were removed: at most as many as that time holds
	 */
	long removeAt(long time, long permits) {
		int run = firstAfter(time) - 1;
		if (run < 0 || this.times[slot(run)] != time) {
			return 0;
		}
		long held = this.totals[slot(run)] - totalBefore(run);
		long removed = Math.min(held, permits);
		for (int i = run; i < this.size; i++) {
			this.totals[slot(i)] -= removed;
		}
		if (removed == held) {
			for (int i = run; i < this.size - 1; i++) {
				this.times[slot(i)] = this.times[slot(i + 1)];
				this.totals[slot(i)] = this.totals[slot(i + 1)];
			}
			this.size--;
		}
		return removed;
	}

	/**
	 * Drops every permit granted at or before a time.
	 * @param time the inclusive upper bound
	 */
	void dropUpTo(long time) {
		int dropped = firstAfter(time);
		if (dropped > 0) {
			this.droppedTotal = this.totals[slot(dropped - 1)];
			this.head = slot(dropped);
			this.size -= dropped;
		}
	}

	void clear() {
		this.head = 0;
		this.size = 0;
		this.droppedTotal = 0;
	}

	private int firstAfter(long time) {
		int low = 0;
		int high = this.size;
		while (low < high) {
			int middle = (low + high) >>> 1;
			if (this.times[slot(middle)] > time) {
				high = middle;
			}
			else {
				low = middle + 1;
			}
		}
		return low;
	}

	private long totalBefore(int index) {
		return (index == 0) ? this.droppedTotal : this.totals[slot(index - 1)];
	}

	private int slot(int index) {
		return (this.head + index) & (this.times.length - 1);
	}

	private void grow() {
		long[] oldTimes = this.times;
		long[] oldTotals = this.totals;
		this.times = new long[oldTimes.length * 2];
		this.totals = new long[oldTotals.length * 2];
		for (int i = 0; i < this.size; i++) {
			int from = (this.head + i) & (oldTimes.length - 1);
			this.times[i] = oldTimes[from];
			this.totals[i] = oldTotals[from];
		}
		this.head = 0;
	}

}
