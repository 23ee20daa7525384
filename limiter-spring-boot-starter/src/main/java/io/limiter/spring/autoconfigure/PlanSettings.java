package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import io.limiter.Algorithm;

/**
 * One named plan of a limit: its numbers for the keys a LimitPlanResolver puts on it: a capacity and a period,
 * each the limit's when not set, or its own list of rates.
 */
public class PlanSettings extends RateSettings {

	/** The algorithm, when set, must be the limit's: the plans of a limit share each key's state. */
	private Algorithm algorithm;

	/** Several rates of the plan, each a capacity and a period; instead of capacity/period. */
	private final List<RateSettings> rates = new ArrayList<>();

	public List<RateSettings> getRates() {
		return this.rates;
	}

	public Algorithm getAlgorithm() {
		return this.algorithm;
	}

	public void setAlgorithm(Algorithm algorithm) {
		this.algorithm = algorithm;
	}

}
