package io.limiter.jmh.ratio;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What {@link io.limiter.jmh.Ratios} measures: the ratios asked for, and how each variant is run.
 *
 * @param benchmark the simple name of the benchmark class, {@code RedisLimiterBenchmark} or
 * {@code LocalLimiterBenchmark}
 * @param ratios the ratios, each numerator over denominator
 * @param rounds how many times every variant is run, in a rotated order each round
 * @param warmupSeconds the warm-up of each run
 * @param seconds the measured time of each run
 * @param threads the benchmark threads
 * @param params JMH parameters given to every run
 * @param redis a Redis named for every run, or empty for a cluster started once for all runs
 * @param help whether only the usage was asked for
 */
public record RatioOptions(String benchmark, List<Ratio> ratios, int rounds, int warmupSeconds, int seconds,
		int threads, Map<String, String> params, String redis, boolean help) {

	/** The usage text. */
	public static final String USAGE = """
			Usage: java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.Ratios [options] a/b [c/d ...]
			Measures ratios of benchmark variants (a over b) robustly on a small, noisy machine: every variant
			runs once per round in a fork of its own, the order rotated each round, and each ratio is taken
			within a round; prints the median ratio over the rounds and its spread (min and max). A variant is
			a benchmark method, with parameters of its own after @: inMemory@algorithm=GCRA/floor
			  --benchmark <name>      RedisLimiterBenchmark (default) or LocalLimiterBenchmark
			  --rounds <n>            rounds, 1 to 100 (default 5)
			  --warmup <s>            warm-up seconds per run, 1 to 600 (default 2)
			  --time <s>              measured seconds per run, 1 to 600 (default 3)
			  --threads <n>           benchmark threads, 1 to 4096 (default 16)
			  -p <name>=<value>       a JMH parameter for every run, for example -p scenario=many_keys
			  --redis <spec>          the Redis of every run (-p redis syntax); default: a cluster started once
			  --help                  prints this text
			Exit status: 0, or 2 for bad options.
			""";

	/**
	 * Copies the collections.
	 * @param benchmark the benchmark class
	 * @param ratios the ratios
	 * @param rounds the rounds
	 * @param warmupSeconds the warm-up per run
	 * @param seconds the measured time per run
	 * @param threads the threads
	 * @param params the parameters
	 * @param redis the Redis, or empty
	 * @param help whether only the usage was asked for
	 */
	public RatioOptions {
		ratios = List.copyOf(ratios);
		params = Map.copyOf(params);
	}

	/**
	 * Returns every method that a ratio names, each once, in the order first named.
	 * @return the variants
	 */
	public List<String> variants() {
		Set<String> variants = new LinkedHashSet<>();
		for (Ratio ratio : this.ratios) {
			variants.add(ratio.numerator());
			variants.add(ratio.denominator());
		}
		return new ArrayList<>(variants);
	}

	/**
	 * Parses the command line.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException naming the option and the value when one is bad
	 */
	public static RatioOptions parse(String... args) {
		String benchmark = "RedisLimiterBenchmark";
		List<Ratio> ratios = new ArrayList<>();
		int rounds = 5;
		int warmup = 2;
		int seconds = 3;
		int threads = 16;
		Map<String, String> params = new LinkedHashMap<>();
		String redis = "";
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (arg.equals("--help")) {
				return new RatioOptions(benchmark, ratios, rounds, warmup, seconds, threads, params, redis, true);
			}
			if (!arg.startsWith("-")) {
				ratios.add(Ratio.parse(arg));
				continue;
			}
			if (i + 1 >= args.length) {
				throw new IllegalArgumentException(arg + " needs a value");
			}
			String value = args[++i];
			switch (arg) {
				case "--benchmark" -> benchmark = benchmark(value);
				case "--rounds" -> rounds = number(arg, value, 1, 100);
				case "--warmup" -> warmup = number(arg, value, 1, 600);
				case "--time" -> seconds = number(arg, value, 1, 600);
				case "--threads" -> threads = number(arg, value, 1, 4096);
				case "-p" -> param(value, params);
				case "--redis" -> redis = value;
				default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
			}
		}
		if (ratios.isEmpty()) {
			throw new IllegalArgumentException("name at least one ratio, as numerator/denominator");
		}
		return new RatioOptions(benchmark, ratios, rounds, warmup, seconds, threads, params, redis, false);
	}

	private static String benchmark(String value) {
		if (!value.equals("RedisLimiterBenchmark") && !value.equals("LocalLimiterBenchmark")) {
			throw new IllegalArgumentException(
					"--benchmark must be RedisLimiterBenchmark or LocalLimiterBenchmark but was '" + value + "'");
		}
		return value;
	}

	private static void param(String value, Map<String, String> params) {
		int equals = value.indexOf('=');
		if (equals < 1 || equals == value.length() - 1) {
			throw new IllegalArgumentException("-p must be name=value but was '" + value + "'");
		}
		params.put(value.substring(0, equals), value.substring(equals + 1));
	}

	/**
	 * Parses the value of an option that is a whole number.
	 * @param name the option, for the message
	 * @param value the value
	 * @param min the least value allowed
	 * @param max the greatest value allowed
	 * @return the number
	 * @throws IllegalArgumentException naming the option, the range and the value when it is not a whole number in
	 * the range
	 */
	public static int number(String name, String value, int min, int max) {
		int parsed;
		try {
			parsed = Integer.parseInt(value);
		}
		catch (NumberFormatException ex) {
			parsed = min - 1;
		}
		if (parsed < min || parsed > max) {
			throw new IllegalArgumentException(
					name + " must be a whole number from " + min + " to " + max + " but was '" + value + "'");
		}
		return parsed;
	}

	/**
	 * One ratio: the throughput of a benchmark variant over another's. A variant is a method, optionally with
	 * parameters of its own: {@code inMemory@algorithm=GCRA@scenario=per_user}.
	 * @param numerator the variant above
	 * @param denominator the variant below
	 */
	public record Ratio(String numerator, String denominator) {

		private static final Pattern VARIANT = Pattern.compile("[A-Za-z_$][\\w$]*(@\\w+=[^@/=]+)*");

		/**
		 * Parses {@code a/b}.
		 * @param text the ratio
		 * @return the ratio
		 * @throws IllegalArgumentException naming the text when it is not two method names around a slash
		 */
		public static Ratio parse(String text) {
			String[] parts = text.split("/", -1);
			if (parts.length != 2 || !VARIANT.matcher(parts[0]).matches() || !VARIANT.matcher(parts[1]).matches()
					|| parts[0].equals(parts[1])) {
				throw new IllegalArgumentException("a ratio must be two different benchmark variants as "
						+ "numerator/denominator (method or method@param=value) but was '" + text + "'");
			}
			return new Ratio(parts[0], parts[1]);
		}

		/**
		 * Returns the method of a variant.
		 * @param variant the variant
		 * @return the text before the first {@code @}
		 */
		public static String method(String variant) {
			int at = variant.indexOf('@');
			return (at < 0) ? variant : variant.substring(0, at);
		}

		/**
		 * Returns the parameters of a variant's own.
		 * @param variant the variant
		 * @return each {@code name=value} after an {@code @}, by name
		 */
		public static Map<String, String> params(String variant) {
			Map<String, String> params = new LinkedHashMap<>();
			String[] parts = variant.split("@");
			for (int i = 1; i < parts.length; i++) {
				int equals = parts[i].indexOf('=');
				params.put(parts[i].substring(0, equals), parts[i].substring(equals + 1));
			}
			return params;
		}

		@Override
		public String toString() {
			return this.numerator + " / " + this.denominator;
		}

	}

}
