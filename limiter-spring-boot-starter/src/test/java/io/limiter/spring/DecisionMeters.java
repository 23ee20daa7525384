package io.limiter.spring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Reads the meters that both filters record per decision, for their tests.
 */
final class DecisionMeters {

	private DecisionMeters() {
	}

	/**
	 * Returns how many decisions of a limit had an outcome.
	 * @param meters the registry
	 * @param limit the limit's name
	 * @param outcome such as {@code allowed} or {@code shadow_denied}
	 * @return the count, 0 before the first
	 */
	static double count(MeterRegistry meters, String limit, String outcome) {
		Counter counter = meters.find("limiter.decisions").tag("limit", limit).tag("outcome", outcome).counter();
		return (counter != null) ? counter.count() : 0;
	}

	/**
	 * Returns how many decisions of one plan of a limit had an outcome, on either path.
	 * @param meters the registry
	 * @param limit the limit's name
	 * @param plan the plan's name, {@code default} for the limit's own numbers
	 * @param outcome such as {@code allowed}
	 * @return the count, 0 before the first
	 */
	static double count(MeterRegistry meters, String limit, String plan, String outcome) {
		return meters.find("limiter.decisions")
			.tag("limit", limit)
			.tag("plan", plan)
			.tag("outcome", outcome)
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	/**
	 * Returns how many decisions of a limit were timed.
	 * @param meters the registry
	 * @param limit the limit's name
	 * @return the count, 0 before the first
	 */
	static long latencyCount(MeterRegistry meters, String limit) {
		Timer timer = meters.find("limiter.decision.latency").tag("limit", limit).timer();
		return (timer != null) ? timer.count() : 0;
	}

}
