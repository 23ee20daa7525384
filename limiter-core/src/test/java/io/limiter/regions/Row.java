package io.limiter.regions;

import java.util.Locale;

import org.HdrHistogram.Histogram;

/**
 * One run of the simulation, measured: a row of the table.
 * @param design the design
 * @param fault the fault, with the failure policy where it matters
 * @param granted the permits granted, counted by each instance's observer, failure policy included
 * @param budget {@code C + rho x T} over the run
 * @param bound the design's stated bound for the run, or {@link Deployment#NO_BOUND}
 * @param offered the requests sent
 * @param degraded the decisions of the failure policy
 * @param loans the loans the home made, or -1 for a design without a home that lends
 * @param latencyMicros the latencies after the warm-up
 */
record Row(String design, String fault, long granted, long budget, long bound, long offered, long degraded,
		long loans, Histogram latencyMicros) {

	/** The table's header, in markdown. */
	static final String HEADER = """
			| design | fault | granted | budget | bound | granted / budget | utilisation | p50 (ms) | p99 (ms) | p99.9 (ms) | loans | degraded |
			| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |""";

	/** {@return the granted permits over the budget} */
	double grantedOverBudget() {
		return (double) this.granted / this.budget;
	}

	/** {@return the granted permits over what could have been: the offered load, at most the budget} */
	double utilisation() {
		return (double) this.granted / Math.min(this.offered, this.budget);
	}

	/**
	 * Returns a percentile of the latencies.
	 * @param percentile such as 99.0
	 * @return milliseconds
	 */
	double latencyMillis(double percentile) {
		return this.latencyMicros.getValueAtPercentile(percentile) / 1000.0;
	}

	/** {@return the row in markdown} */
	String markdown() {
		return String.format(Locale.ROOT, "| %s | %s | %,d | %,d | %s | %.2f | %.1f %% | %.2f | %.2f | %.2f | %s | %,d |",
				this.design, this.fault, this.granted, this.budget,
				(this.bound == Deployment.NO_BOUND) ? "none" : String.format(Locale.ROOT, "%,d", this.bound),
				grantedOverBudget(), 100 * utilisation(), latencyMillis(50), latencyMillis(99), latencyMillis(99.9),
				(this.loans < 0) ? "-" : String.format(Locale.ROOT, "%,d", this.loans), this.degraded);
	}

}
