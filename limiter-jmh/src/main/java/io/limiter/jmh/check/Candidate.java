package io.limiter.jmh.check;

import java.util.List;

import io.limiter.Algorithm;
import io.limiter.Limit;

/**
 * One implementation that the over-grant check runs: a row per algorithm it supports and per scenario.
 *
 * @param impl the name in the {@code impl} column
 * @param baseline whether it is a non-production baseline, which is shown but never fails the check
 * @param algorithms the algorithms it implements
 * @param opener makes the implementation for one limit
 */
public record Candidate(String impl, boolean baseline, List<Algorithm> algorithms, Opener opener) {

	/**
	 * Copies the list of algorithms.
	 * @param impl the name in the {@code impl} column
	 * @param baseline whether it is a baseline
	 * @param algorithms the algorithms it implements
	 * @param opener makes the implementation for one limit
	 */
	public Candidate {
		algorithms = List.copyOf(algorithms);
	}

	/**
	 * Makes an implementation for one limit.
	 */
	@FunctionalInterface
	public interface Opener {

		/**
		 * Makes the implementation.
		 * @param environment what the implementations share
		 * @param name a limit name unique to this row
		 * @param limit the limit
		 * @return the implementation
		 */
		CheckedLimiter open(CheckEnvironment environment, String name, Limit limit);

	}

}
