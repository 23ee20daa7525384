package io.limiter.jmh.ratio;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.limiter.jmh.ratio.RatioOptions.Ratio;

/**
 * The scores of every variant, round by round, and what they say: each ratio taken within a round, then its
 * median and spread over the rounds.
 */
public final class RoundResults {

	private final List<Map<String, Double>> rounds = new ArrayList<>();

	private final Map<String, List<Double>> callsPerOp = new LinkedHashMap<>();

	/**
	 * Starts a round.
	 */
	public void newRound() {
		this.rounds.add(new LinkedHashMap<>());
	}

	/**
	 * Records a variant's result in the current round.
	 * @param variant the method
	 * @param opsPerSecond its throughput
	 * @param redisCallsPerOp its Redis calls per decision, or NaN when it has none
	 */
	public void record(String variant, double opsPerSecond, double redisCallsPerOp) {
		this.rounds.get(this.rounds.size() - 1).put(variant, opsPerSecond);
		if (!Double.isNaN(redisCallsPerOp)) {
			this.callsPerOp.computeIfAbsent(variant, (v) -> new ArrayList<>()).add(redisCallsPerOp);
		}
	}

	/**
	 * Returns a ratio in every round that measured both its variants.
	 * @param ratio the ratio
	 * @return the ratio per round
	 */
	public List<Double> perRound(Ratio ratio) {
		List<Double> values = new ArrayList<>();
		for (Map<String, Double> round : this.rounds) {
			Double numerator = round.get(ratio.numerator());
			Double denominator = round.get(ratio.denominator());
			if (numerator != null && denominator != null && denominator > 0) {
				values.add(numerator / denominator);
			}
		}
		return values;
	}

	/**
	 * Returns a variant's throughput in every round that measured it.
	 * @param variant the method
	 * @return the ops/s per round
	 */
	public List<Double> scores(String variant) {
		List<Double> values = new ArrayList<>();
		for (Map<String, Double> round : this.rounds) {
			Double score = round.get(variant);
			if (score != null) {
				values.add(score);
			}
		}
		return values;
	}

	/**
	 * Renders the ratios and the variants as markdown tables.
	 * @param ratios the ratios asked for
	 * @param variants the variants, in the order to show
	 * @return the text
	 */
	public String format(List<Ratio> ratios, List<String> variants) {
		StringBuilder text = new StringBuilder();
		text.append("| ratio | median | min | max | per round |\n| --- | ---: | ---: | ---: | --- |\n");
		for (Ratio ratio : ratios) {
			List<Double> values = perRound(ratio);
			if (values.isEmpty()) {
				text.append("| ").append(ratio).append(" | - | - | - | - |\n");
				continue;
			}
			Spread spread = Spread.of(values);
			text.append(String.format(Locale.ROOT, "| %s | %.2fx | %.2fx | %.2fx | %s |%n", ratio, spread.median(),
					spread.min(), spread.max(), joined(values, "%.2f")));
		}
		text.append("\n| variant | median ops/s | min | max | Redis calls/op |\n| --- | ---: | ---: | ---: | ---: |\n");
		for (String variant : variants) {
			List<Double> scores = scores(variant);
			if (scores.isEmpty()) {
				continue;
			}
			Spread spread = Spread.of(scores);
			List<Double> calls = this.callsPerOp.get(variant);
			String callsText = (calls == null) ? "-"
					: String.format(Locale.ROOT, "%.4f", Spread.of(calls).median());
			text.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %s |%n", variant, spread.median(),
					spread.min(), spread.max(), callsText));
		}
		return text.toString();
	}

	private static String joined(List<Double> values, String format) {
		StringBuilder joined = new StringBuilder();
		for (Double value : values) {
			if (joined.length() > 0) {
				joined.append(' ');
			}
			joined.append(String.format(Locale.ROOT, format, value));
		}
		return joined.toString();
	}

}
