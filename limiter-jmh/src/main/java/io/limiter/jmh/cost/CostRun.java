package io.limiter.jmh.cost;

import java.util.ArrayList;
import java.util.List;

/**
 * One JMH run of the cost table: the paths of a decision under a limit that makes every decision a grant, or one
 * that makes nearly every decision a denial. Every path runs on one thread ({@code scenario=per_user}: the thread's
 * one key), each in a fork of its own.
 */
public enum CostRun {

	/**
	 * A limit of 100,000 permits a millisecond: every decision is a grant. The burst is the most a sliding window log
	 * may hold (the Redis benchmarks make one of each algorithm), and the log is left out: it keeps an entry per
	 * permit granted within the window, so it would measure how fast the thread decides. The calendar quotas are
	 * left out too: their capacity is a day's, which one thread spends within the run. The concurrency paths take
	 * and close a permit of a limit above the one thread's need.
	 */
	GRANT("grant", 100_000L, 100_000_000L, "TOKEN_BUCKET,GCRA,FIXED_WINDOW,SLIDING_WINDOW_COUNTER",
			List.of(Path.IN_MEMORY, Path.IN_MEMORY_METERED, Path.CONCURRENCY, Path.SERVLET_FILTER, Path.SERVLET_MOCKS,
					Path.WEBFLUX_FILTER, Path.WEBFLUX_MOCKS, Path.BUCKET4J_LOCAL, Path.RESILIENCE4J, Path.GUAVA,
					Path.REDIS_DEFAULTS, Path.REDIS_SCRIPT, Path.REDIS_TWO_TIER, Path.REDIS_CONCURRENCY,
					Path.BUCKET4J_LETTUCE)),

	/**
	 * A limit of one permit a second (the calendar quotas: one a day): all decisions but one a second are denials.
	 * No concurrency path, as one thread that closes each permit it takes is never denied one; no mocks alone,
	 * which decide nothing.
	 */
	DENIAL("denial", 1L, 1L, "TOKEN_BUCKET,GCRA,FIXED_WINDOW,SLIDING_WINDOW_COUNTER,SLIDING_WINDOW_LOG",
			List.of(Path.IN_MEMORY, Path.IN_MEMORY_METERED, Path.CALENDAR_DAY, Path.SERVLET_FILTER,
					Path.WEBFLUX_FILTER, Path.BUCKET4J_LOCAL, Path.RESILIENCE4J, Path.GUAVA, Path.REDIS_DEFAULTS,
					Path.REDIS_SCRIPT, Path.REDIS_TWO_TIER, Path.REDIS_CALENDAR_DAY, Path.BUCKET4J_LETTUCE));

	private final String outcome;

	private final long burst;

	private final long rate;

	private final String algorithms;

	private final List<Path> paths;

	CostRun(String outcome, long burst, long rate, String algorithms, List<Path> paths) {
		this.outcome = outcome;
		this.burst = burst;
		this.rate = rate;
		this.algorithms = algorithms;
		this.paths = paths;
	}

	/** {@return what nearly every decision of the run is, {@code grant} or {@code denial}} */
	public String outcome() {
		return this.outcome;
	}

	/** {@return the paths of the run, in the table's order} */
	public List<Path> paths() {
		return this.paths;
	}

	/**
	 * Returns the arguments of JMH's command line that select the run's benchmarks and set their parameters.
	 * @param redis the Redis of the Redis paths ({@code -p redis} syntax)
	 * @return the benchmark pattern, then {@code -p} options
	 */
	public List<String> jmhArguments(String redis) {
		StringBuilder pattern = new StringBuilder("^io\\.limiter\\.jmh\\.(");
		for (int i = 0; i < this.paths.size(); i++) {
			pattern.append((i == 0) ? "" : "|").append(this.paths.get(i).benchmark().replace(".", "\\."));
		}
		pattern.append(")$");
		List<String> arguments = new ArrayList<>(List.of(pattern.toString()));
		param(arguments, "scenario", "per_user");
		param(arguments, "burst", Long.toString(this.burst));
		param(arguments, "rate", Long.toString(this.rate));
		param(arguments, "algorithm", this.algorithms);
		param(arguments, "maxInFlight", "1000");
		param(arguments, "redis", redis);
		return arguments;
	}

	private static void param(List<String> arguments, String name, String value) {
		arguments.add("-p");
		arguments.add(name + "=" + value);
	}

	/**
	 * A path of a decision: a benchmark method of {@code io.limiter.jmh}, in the order of the table.
	 */
	public enum Path {

		/** Our in-memory backend, per algorithm. */
		IN_MEMORY("LocalLimiterBenchmark.inMemory"),

		/** Our in-memory token bucket as the starter builds it, with its Micrometer meters. */
		IN_MEMORY_METERED("LocalLimiterBenchmark.inMemoryMetered"),

		/** Our in-memory fixed window on a calendar quota. */
		CALENDAR_DAY("LocalLimiterBenchmark.calendarDay"),

		/** Our in-memory concurrency limiter: a permit taken and closed. */
		CONCURRENCY("LocalLimiterBenchmark.concurrency"),

		/** The starter's servlet filter, one mock request. */
		SERVLET_FILTER("StarterFilterBenchmark.servletFilter"),

		/** The servlet filter's mock request alone. */
		SERVLET_MOCKS("StarterFilterBenchmark.servletMocks"),

		/** The starter's WebFlux filter, one mock exchange. */
		WEBFLUX_FILTER("StarterFilterBenchmark.webFluxFilter"),

		/** The WebFlux filter's mock exchange alone. */
		WEBFLUX_MOCKS("StarterFilterBenchmark.webFluxMocks"),

		/** Bucket4j's local bucket. */
		BUCKET4J_LOCAL("LocalLimiterBenchmark.bucket4jLocal"),

		/** Resilience4j's rate limiter. */
		RESILIENCE4J("LocalLimiterBenchmark.resilience4j"),

		/** Guava's rate limiter. */
		GUAVA("LocalLimiterBenchmark.guava"),

		/** A limiter built with no options on Redis: the block tier in front of the script. */
		REDIS_DEFAULTS("RedisLimiterBenchmark.defaults"),

		/** Our token bucket script with no local tier: the bare script call. */
		REDIS_SCRIPT("RedisLimiterBenchmark.luaEvalSha"),

		/** Our token bucket behind two-tier borrowing. */
		REDIS_TWO_TIER("RedisLimiterBenchmark.twoTier"),

		/** Our concurrency limiter on Redis: a take and a release. */
		REDIS_CONCURRENCY("RedisLimiterBenchmark.concurrency"),

		/** Our fixed window script on a calendar quota. */
		REDIS_CALENDAR_DAY("RedisLimiterBenchmark.calendarDay"),

		/** Bucket4j's Lettuce proxy manager. */
		BUCKET4J_LETTUCE("RedisLimiterBenchmark.bucket4jLettuce");

		private final String benchmark;

		Path(String benchmark) {
			this.benchmark = benchmark;
		}

		/** {@return the benchmark class's simple name and the method, {@code LocalLimiterBenchmark.inMemory}} */
		public String benchmark() {
			return this.benchmark;
		}

	}

}
