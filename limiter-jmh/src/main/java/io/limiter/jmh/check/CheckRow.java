package io.limiter.jmh.check;

import java.util.Locale;

/**
 * One row of the over-grant table.
 *
 * @param impl the implementation
 * @param algorithm the algorithm's configuration name
 * @param scenario {@code hot_key} or {@code per_user}
 * @param threads the number of threads
 * @param seconds the run time after the burst
 * @param allowed the permits granted
 * @param max the most a correct limiter may grant in the run ({@link GrantBounds})
 * @param errors failed calls plus aborted transactions
 * @param baseline whether the implementation is a baseline
 */
public record CheckRow(String impl, String algorithm, String scenario, int threads, long seconds, long allowed,
		long max, long errors, boolean baseline) {

	/**
	 * Returns the granted permits as a percentage of the maximum.
	 * @return {@code 100 x allowed / max}
	 */
	public double utilPct() {
		return (this.max == 0) ? 0 : 100.0 * this.allowed / this.max;
	}

	/**
	 * Returns whether the row fails the check: more granted than the maximum, by an implementation that is
	 * not a baseline.
	 * @return {@code true} when over
	 */
	public boolean failed() {
		return !this.baseline && this.allowed > this.max;
	}

	/**
	 * {@return the verdict column: {@code baseline} for a baseline, otherwise {@code OVER} when more than the maximum
	 * was granted and {@code ok} when not}
	 */
	public String verdict() {
		if (this.baseline) {
			return "baseline";
		}
		return (this.allowed > this.max) ? "OVER" : "ok";
	}

	String[] cells() {
		return new String[] { this.impl, this.algorithm, this.scenario, Integer.toString(this.threads),
				Long.toString(this.seconds), Long.toString(this.allowed), Long.toString(this.max),
				String.format(Locale.ROOT, "%.1f", utilPct()), Long.toString(this.errors), verdict() };
	}

}
