package io.limiter.jmh.check;

import java.util.List;

import io.limiter.jmh.BenchmarkLimit;
import io.limiter.jmh.Scenario;
import io.limiter.jmh.redis.RedisAddress;

/**
 * The command line of {@link io.limiter.jmh.OverGrantCheck}, parsed and checked. Defaults are the test of "Benchmarking Token Bucket Rate Limiters":
 * burst 10, 10 per second, 3 seconds, 64 threads, both scenarios, on the fixture cluster.
 *
 * @param redis a {@link RedisAddress} text, or {@code null} for the fixture cluster
 * @param threads the number of threads
 * @param seconds how long the threads run after the burst
 * @param limit the burst and rate
 * @param scenarios the scenarios to run
 * @param help whether only the usage was asked for
 */
public record CheckOptions(String redis, int threads, int seconds, BenchmarkLimit limit, List<Scenario> scenarios,
		boolean help) {

	/** The usage text. */
	public static final String USAGE = """
			Usage: java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.OverGrantCheck [options]
			Runs the over-grant test of "Benchmarking Token Bucket Rate Limiters" against every implementation and prints one table.
			  --redis <url|host:port,...>  redis://host:port (standalone) or cluster seeds; default: starts a
			                               3-master/3-replica cluster with redis-server
			  --threads <n>                threads asking at once, 1 to 4096 (default 64)
			  --seconds <n>                seconds the threads run after the burst, 1 to 3600 (default 3)
			  --burst <n>                  capacity, 1 to 100000 (default 10)
			  --rate <n>                   permits per second, 1 to 1000000, dividing burst x 1000 (default 10)
			  --scenario <s>               hot_key, per_user or all (default all)
			  --help                       prints this text
			Exit status: 0 when no implementation of ours grants more than its maximum, 1 when one does,
			2 for bad options.
			""";

	/** The scenarios whose maxima {@link GrantBounds} knows: one key per thread or one for all. */
	private static final List<Scenario> CHECKED_SCENARIOS = List.of(Scenario.HOT_KEY, Scenario.PER_USER);

	/**
	 * Copies the scenarios.
	 * @param redis a {@link RedisAddress} text, or {@code null}
	 * @param threads the number of threads
	 * @param seconds the run time
	 * @param limit the burst and rate
	 * @param scenarios the scenarios
	 * @param help whether only the usage was asked for
	 */
	public CheckOptions {
		scenarios = List.copyOf(scenarios);
	}

	/**
	 * Parses the arguments; {@code --name value} and {@code --name=value} both work.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException naming the option and the value when one is wrong
	 */
	public static CheckOptions parse(String... args) {
		String redis = null;
		int threads = 64;
		int seconds = 3;
		long burst = 10;
		long rate = 10;
		List<Scenario> scenarios = CHECKED_SCENARIOS;
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (arg.equals("--help") || arg.equals("-h")) {
				return new CheckOptions(redis, threads, seconds, new BenchmarkLimit(burst, rate), scenarios, true);
			}
			int equals = arg.indexOf('=');
			String name = (equals > 0) ? arg.substring(0, equals) : arg;
			String value;
			if (equals > 0) {
				value = arg.substring(equals + 1);
			}
			else if (i + 1 < args.length) {
				value = args[++i];
			}
			else {
				throw new IllegalArgumentException(name + " needs a value");
			}
			switch (name) {
				case "--redis" -> redis = redis(value);
				case "--threads" -> threads = (int) number(name, value, 1, 4096);
				case "--seconds" -> seconds = (int) number(name, value, 1, 3600);
				case "--burst" -> burst = number(name, value, 1, 100_000);
				case "--rate" -> rate = number(name, value, 1, 1_000_000);
				case "--scenario" -> scenarios = scenarios(value);
				default -> throw new IllegalArgumentException("unknown option '" + name + "'; see --help");
			}
		}
		if ((burst * 1000) % rate != 0) {
			throw new IllegalArgumentException("--rate must divide --burst x 1000 so that the refill period is a "
					+ "whole number of milliseconds, but --burst was " + burst + " and --rate was " + rate);
		}
		return new CheckOptions(redis, threads, seconds, new BenchmarkLimit(burst, rate), scenarios, false);
	}

	private static String redis(String value) {
		try {
			RedisAddress.parse(value);
			return value;
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("--" + ex.getMessage(), ex);
		}
	}

	private static long number(String name, String value, long min, long max) {
		long parsed;
		try {
			parsed = Long.parseLong(value.trim());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException(
					name + " must be a whole number from " + min + " to " + max + " but was '" + value + "'", ex);
		}
		if (parsed < min || parsed > max) {
			throw new IllegalArgumentException(
					name + " must be a whole number from " + min + " to " + max + " but was '" + value + "'");
		}
		return parsed;
	}

	private static List<Scenario> scenarios(String value) {
		if (value.equals("all")) {
			return CHECKED_SCENARIOS;
		}
		if (value.equals(Scenario.HOT_KEY.paramName()) || value.equals(Scenario.PER_USER.paramName())) {
			return List.of(Scenario.of(value));
		}
		throw new IllegalArgumentException("--scenario must be hot_key, per_user or all but was '" + value + "'");
	}

}
