package io.limiter.jmh.cost;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.limiter.jmh.ratio.Spread;

/**
 * The samples of every round, per jar, and what they say: each row's median over the rounds per jar, and the ratio
 * of the second jar to the first taken within each round (where both jars ran on nearly the same machine), with its
 * median and spread.
 */
public final class CostRounds {

	private final int jars;

	private final List<List<Map<String, CostSample>>> rounds = new ArrayList<>();

	private final Map<String, CostSample> rows = new LinkedHashMap<>();

	/**
	 * Creates the rounds of one or two jars.
	 * @param jars how many jars are measured, 1 or 2
	 */
	public CostRounds(int jars) {
		if (jars < 1 || jars > 2) {
			throw new IllegalArgumentException("jars must be 1 or 2 but was " + jars);
		}
		this.jars = jars;
	}

	/** {@return how many jars are measured} */
	public int jars() {
		return this.jars;
	}

	/** {@return how many rounds were started} */
	public int rounds() {
		return this.rounds.size();
	}

	/**
	 * Starts a round.
	 */
	public void newRound() {
		List<Map<String, CostSample>> round = new ArrayList<>();
		for (int i = 0; i < this.jars; i++) {
			round.add(new LinkedHashMap<>());
		}
		this.rounds.add(round);
	}

	/**
	 * Records samples of a jar in the current round.
	 * @param jar the jar's index, from 0
	 * @param samples the samples
	 */
	public void record(int jar, List<CostSample> samples) {
		Map<String, CostSample> round = this.rounds.get(this.rounds.size() - 1).get(jar);
		for (CostSample sample : samples) {
			round.put(sample.row(), sample);
			this.rows.putIfAbsent(sample.row(), sample);
		}
	}

	/**
	 * Returns every row measured, in the table's order: by path, then algorithm, grants before denials.
	 * @return the rows' first samples
	 */
	public List<CostSample> rows() {
		List<CostSample> sorted = new ArrayList<>(this.rows.values());
		sorted.sort(Comparator.comparingInt(CostSample::order)
			.thenComparing(CostSample::path)
			.thenComparing((sample) -> CostRun.DENIAL.outcome().equals(sample.outcome())));
		return sorted;
	}

	/**
	 * Returns a row's CPU time per decision in a jar over the rounds that measured it.
	 * @param jar the jar's index
	 * @param row the row
	 * @return the spread, or {@code null} when no round measured it
	 */
	public Spread cpuNanos(int jar, String row) {
		return over(jar, row, CostSample::cpuNanos);
	}

	/**
	 * Returns a row's bytes per decision in a jar over the rounds that measured it.
	 * @param jar the jar's index
	 * @param row the row
	 * @return the spread, or {@code null} when no round measured it
	 */
	public Spread bytes(int jar, String row) {
		return over(jar, row, CostSample::bytes);
	}

	/**
	 * Returns a row's CPU time per decision of the second jar over the first's, taken within each round that
	 * measured both.
	 * @param row the row
	 * @return the spread, or {@code null} when no round measured both
	 */
	public Spread cpuRatio(String row) {
		List<Double> ratios = new ArrayList<>();
		for (List<Map<String, CostSample>> round : this.rounds) {
			CostSample before = round.get(0).get(row);
			CostSample after = (this.jars > 1) ? round.get(1).get(row) : null;
			if (before != null && after != null && before.cpuNanos() > 0) {
				ratios.add(after.cpuNanos() / before.cpuNanos());
			}
		}
		return ratios.isEmpty() ? null : Spread.of(ratios);
	}

	private Spread over(int jar, String row, ToDoubleFunction<CostSample> metric) {
		List<Double> values = new ArrayList<>();
		for (List<Map<String, CostSample>> round : this.rounds) {
			CostSample sample = round.get(jar).get(row);
			if (sample != null) {
				values.add(metric.applyAsDouble(sample));
			}
		}
		return values.isEmpty() ? null : Spread.of(values);
	}

}
