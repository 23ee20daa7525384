package io.limiter.jmh;

/**
 * The parameter states of the benchmarks as JMH fills them in, for tests of the states that depend on them.
 */
final class BenchmarkParamsFixture {

	private BenchmarkParamsFixture() {
	}

	/**
	 * Returns the shared parameters, checked.
	 * @param scenario the scenario's name
	 * @param burst the capacity of every limit, at a rate of 1 per second
	 * @return the parameters
	 */
	static LimitParams limitParams(String scenario, long burst) {
		LimitParams params = new LimitParams();
		params.scenario = scenario;
		params.burst = burst;
		params.rate = 1;
		params.check();
		return params;
	}

	/**
	 * Returns the concurrency parameters of a run.
	 * @param scenario the scenario's name
	 * @param maxInFlight the most permits of a key in flight
	 * @param threads the threads of the run
	 * @return the parameters
	 */
	static ConcurrencyParams concurrencyParams(String scenario, long maxInFlight, int threads) {
		ConcurrencyParams params = new ConcurrencyParams();
		params.maxInFlight = maxInFlight;
		params.open(limitParams(scenario, 10), threads);
		return params;
	}

}
