package io.limiter.jmh.ratio;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The median of some measurements and their spread: the least and the greatest.
 *
 * @param median the median (the mean of the two middle values for an even count)
 * @param min the least value
 * @param max the greatest value
 * @param count how many values
 */
public record Spread(double median, double min, double max, int count) {

	/**
	 * Summarizes values.
	 * @param values at least one value
	 * @return the summary
	 * @throws IllegalArgumentException when there is no value
	 */
	public static Spread of(List<Double> values) {
		if (values.isEmpty()) {
			throw new IllegalArgumentException("a spread needs at least one value");
		}
		double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
		Arrays.sort(sorted);
		int n = sorted.length;
		double median = (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
		return new Spread(median, sorted[0], sorted[n - 1], n);
	}

	/**
	 * Returns the width of the spread relative to the median.
	 * @return {@code (max - min) / median}, in percent
	 */
	public double widthPct() {
		return 100 * (this.max - this.min) / this.median;
	}

	/**
	 * Formats a ratio: {@code 2.31x (1.98-2.60, n=5)}.
	 * @return the text
	 */
	public String asRatio() {
		return String.format(Locale.ROOT, "%.2fx (%.2f-%.2f, n=%d)", this.median, this.min, this.max, this.count);
	}

}
