package io.limiter.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Keys drawn with a Zipf distribution, as the users of an API gateway come: the key of rank {@code r} (from 1)
 * is drawn with a probability proportional to {@code 1 / r^exponent}. Draws are made ahead, at setup, so that a
 * benchmark pays an array read per decision and no random number.
 */
final class ZipfKeys {

	private final String[] keys;

	private final double[] cumulative;

	/**
	 * Prepares the keys and their cumulative distribution.
	 * @param prefix what every key starts with
	 * @param count how many keys, at least 1
	 * @param exponent the Zipf exponent, at least 0 (0 draws uniformly)
	 * @throws IllegalArgumentException naming the value when one is out of range
	 */
	ZipfKeys(String prefix, int count, double exponent) {
		if (count < 1) {
			throw new IllegalArgumentException("count must be at least 1 but was " + count);
		}
		if (!(exponent >= 0)) {
			throw new IllegalArgumentException("exponent must be at least 0 but was " + exponent);
		}
		this.keys = new String[count];
		this.cumulative = new double[count];
		double total = 0;
		for (int rank = 1; rank <= count; rank++) {
			this.keys[rank - 1] = prefix + "key-" + rank;
			total += 1 / Math.pow(rank, exponent);
			this.cumulative[rank - 1] = total;
		}
		for (int i = 0; i < count; i++) {
			this.cumulative[i] /= total;
		}
	}

	/**
	 * Draws a sequence of keys.
	 * @param seed the seed, so that runs draw the same sequences
	 * @param length how many keys
	 * @return the keys drawn, the same {@code String} instance for the same key
	 */
	String[] draw(long seed, int length) {
		SplittableRandom random = new SplittableRandom(seed);
		String[] drawn = new String[length];
		for (int i = 0; i < length; i++) {
			drawn[i] = this.keys[rank(random.nextDouble())];
		}
		return drawn;
	}

	/**
	 * Returns every key, the most frequent first.
	 * @return a copy of the keys
	 */
	String[] all() {
		return this.keys.clone();
	}

	private int rank(double uniform) {
		int index = Arrays.binarySearch(this.cumulative, uniform);
		int rank = (index >= 0) ? index : -index - 1;
		return Math.min(rank, this.keys.length - 1);
	}

}
