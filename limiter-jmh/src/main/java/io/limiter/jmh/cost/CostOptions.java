package io.limiter.jmh.cost;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.limiter.jmh.ratio.RatioOptions;

/**
 * What {@link CostTable} measures: one or two jars, and how.
 *
 * @param jars the benchmark jars, the first one "before" when there are two
 * @param rounds how many times each jar runs every path, the jars' order alternating from round to round
 * @param warmupSeconds the warm-up of each path
 * @param seconds the measured time of each path
 * @param out the markdown file to write the table to, or {@code null} for standard output alone
 * @param work the directory of JMH's result files and logs, or {@code null} for a temporary one
 * @param help whether only the usage was asked for
 */
public record CostOptions(List<Path> jars, int rounds, int warmupSeconds, int seconds, Path out, Path work,
		boolean help) {

	/** The usage text. */
	public static final String USAGE = """
			Usage: java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.cost.CostTable [options] before.jar [after.jar]
			Measures what one decision costs the client on each path (CPU time of the JVM and bytes allocated per
			decision, on one thread) with a jar's benchmarks, or two jars side by side: each round runs every path of
			each jar, each path in a fork of its own, the jars' order alternating; prints the medians over the rounds
			and, for two jars, the ratio after/before taken within each round (median, min-max). Starts a Redis of its
			own, emptied before each run.
			  --rounds <n>            rounds, 1 to 100 (default 3)
			  --warmup <s>            warm-up seconds per path, 1 to 600 (default 4)
			  --time <s>              measured seconds per path, 1 to 600 (default 3)
			  --out <file>            also writes the table to this markdown file
			  --work <dir>            keeps JMH's results and logs here (default: a temporary directory)
			  --help                  prints this text
			Exit status: 0, 1 when a run failed, 2 for bad options.
			""";

	/**
	 * Copies the jars.
	 * @param jars the jars
	 * @param rounds the rounds
	 * @param warmupSeconds the warm-up per path
	 * @param seconds the measured time per path
	 * @param out the markdown file, or {@code null}
	 * @param work the work directory, or {@code null}
	 * @param help whether only the usage was asked for
	 */
	public CostOptions {
		jars = List.copyOf(jars);
	}

	/**
	 * Parses the command line.
	 * @param args the arguments
	 * @return the options
	 * @throws IllegalArgumentException naming the option and the value when one is bad
	 */
	public static CostOptions parse(String... args) {
		List<Path> jars = new ArrayList<>();
		int rounds = 3;
		int warmup = 4;
		int seconds = 3;
		Path out = null;
		Path work = null;
		for (int i = 0; i < args.length; i++) {
			String arg = args[i];
			if (arg.equals("--help")) {
				return new CostOptions(jars, rounds, warmup, seconds, out, work, true);
			}
			if (!arg.startsWith("-")) {
				jars.add(Path.of(arg));
				continue;
			}
			if (i + 1 >= args.length) {
				throw new IllegalArgumentException(arg + " needs a value");
			}
			String value = args[++i];
			switch (arg) {
				case "--rounds" -> rounds = RatioOptions.number(arg, value, 1, 100);
				case "--warmup" -> warmup = RatioOptions.number(arg, value, 1, 600);
				case "--time" -> seconds = RatioOptions.number(arg, value, 1, 600);
				case "--out" -> out = Path.of(value);
				case "--work" -> work = Path.of(value);
				default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
			}
		}
		if (jars.isEmpty() || jars.size() > 2) {
			throw new IllegalArgumentException("name one or two benchmark jars but named " + jars.size() + ": " + jars);
		}
		return new CostOptions(jars, rounds, warmup, seconds, out, work, false);
	}

	/**
	 * Returns the name of each jar for the table's headings: the file names, numbered when they are the same.
	 * @return the names, in the order of {@link #jars()}
	 */
	public List<String> jarNames() {
		List<String> names = new ArrayList<>();
		for (Path jar : this.jars) {
			names.add(String.valueOf(jar.getFileName()));
		}
		if (names.size() == 2 && names.get(0).equals(names.get(1))) {
			return List.of(names.get(0) + " #1", names.get(1) + " #2");
		}
		return names;
	}

}
