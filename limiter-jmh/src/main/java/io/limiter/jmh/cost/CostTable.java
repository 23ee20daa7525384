package io.limiter.jmh.cost;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.limiter.testsupport.RedisServerProcess;

/**
 * The cost table: what one decision costs the client on each path ({@link CostRun.Path}), in CPU time and bytes
 * allocated, for one benchmark jar or two side by side. Every path runs on one thread, so that what the JVM spends
 * over an iteration, divided by the decisions, is what a decision costs: the CPU time of the whole JVM
 * ({@link ClientCpuProfiler}: the benchmark thread, the Redis client's I/O threads, the collector; Redis itself
 * runs in a process of its own) and the bytes allocated ({@code -prof gc}, {@code gc.alloc.rate.norm}). A busy
 * machine stretches the wall time of a decision but hardly its CPU time, which is why the table shows CPU time.
 * <p>
 * Each round runs both {@link CostRun}s (grants, then denials) of each jar, each path in a JMH fork of its own, the
 * jars' order alternating from round to round; the table shows each row's median over the rounds and, for two jars,
 * the ratio of the second jar's CPU time to the first's taken within each round, where both saw nearly the same
 * machine (median, min-max). The jars may be of different commits: each runs its own benchmarks in a JVM of its
 * own, so both must contain this runner's benchmarks and {@link ClientCpuProfiler}. Run for example:
 * <pre>
 * java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.cost.CostTable --rounds 3 before.jar \
 *     limiter-jmh/target/benchmarks.jar
 * </pre>
 * Options: {@link CostOptions#USAGE}.
 */
public final class CostTable {

	private CostTable() {
	}

	/**
	 * Measures and prints the table, and exits with the status.
	 * @param args the options
	 */
	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		CostOptions options;
		try {
			options = CostOptions.parse(args);
			for (Path jar : options.jars()) {
				if (!Files.isRegularFile(jar)) {
					throw new IllegalArgumentException("benchmark jar does not exist: '" + jar + "'");
				}
			}
		}
		catch (IllegalArgumentException ex) {
			err.println("CostTable: " + ex.getMessage());
			return 2;
		}
		if (options.help()) {
			out.print(CostOptions.USAGE);
			return 0;
		}
		try {
			Path work = (options.work() != null) ? Files.createDirectories(options.work())
					: Files.createTempDirectory("limiter-cost-");
			double loadBefore = load();
			CostRounds rounds = new CostRounds(options.jars().size());
			boolean failed;
			try (RedisServerProcess redis = RedisServerProcess.start()) {
				failed = measure(options, redis, work, rounds, err);
			}
			String table = heading(options, loadBefore, load()) + "\n" + CostMarkdown.render(rounds, options.jarNames());
			out.print(table);
			out.flush();
			if (options.out() != null) {
				Files.writeString(options.out(), table, StandardCharsets.UTF_8);
			}
			return failed ? 1 : 0;
		}
		catch (IOException ex) {
			err.println("CostTable: " + ex.getMessage());
			return 1;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			err.println("CostTable: interrupted");
			return 1;
		}
	}

	private static boolean measure(CostOptions options, RedisServerProcess redis, Path work, CostRounds rounds,
			PrintStream err) throws IOException, InterruptedException {
		boolean failed = false;
		int jars = options.jars().size();
		for (int round = 0; round < options.rounds(); round++) {
			rounds.newRound();
			for (int i = 0; i < jars; i++) {
				int jar = (round + i) % jars;
				for (CostRun run : CostRun.values()) {
					String name = String.format(Locale.ROOT, "round%d-jar%d-%s", round + 1, jar + 1, run.outcome());
					Path json = work.resolve(name + ".json");
					Path log = work.resolve(name + ".log");
					redis.flushAll();
					int status = jmh(options, options.jars().get(jar), run, redis.uri(), json, log);
					if (status != 0 || !Files.isRegularFile(json)) {
						err.printf(Locale.ROOT, "round %d/%d %s %s: JMH failed (exit %d), left out; see %s%n",
								round + 1, options.rounds(), options.jarNames().get(jar), run.outcome(), status, log);
						failed = true;
						continue;
					}
					List<CostSample> samples = CostJson.read(json, run.outcome());
					rounds.record(jar, samples);
					err.printf(Locale.ROOT, "round %d/%d %s %s: %d paths%n", round + 1, options.rounds(),
							options.jarNames().get(jar), run.outcome(), samples.size());
				}
			}
		}
		return failed;
	}

	private static int jmh(CostOptions options, Path jar, CostRun run, String redis, Path json, Path log)
			throws IOException, InterruptedException {
		// JMH's lock keeps a second JMH run on the machine from starting; on a machine shared with other work the
		// table is of CPU time, which the others' load hardly changes, so the lock would only stop the table.
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Djmh.ignoreLock=true", "-cp", jar.toString(), "org.openjdk.jmh.Main"));
		command.addAll(run.jmhArguments(redis));
		command.addAll(List.of("-bm", "avgt", "-tu", "ns", "-t", "1", "-f", "1", "-wi", "1", "-w",
				options.warmupSeconds() + "s", "-i", "1", "-r", options.seconds() + "s", "-prof", "gc", "-prof",
				ClientCpuProfiler.class.getName(), "-rf", "json", "-rff", json.toString()));
		Files.deleteIfExists(json);
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		return process.waitFor();
	}

	static String heading(CostOptions options, double loadBefore, double loadAfter) {
		String jars = String.join(" then ", options.jarNames());
		return String.format(Locale.ROOT,
				"Client CPU time and bytes allocated per decision, 1 thread, median of %d rounds (%s, alternating), "
						+ "%d s warm-up + %d s measured per path; load average (1 min) %.1f at the start, %.1f at the "
						+ "end, %d cores%n",
				options.rounds(), jars, options.warmupSeconds(), options.seconds(), loadBefore, loadAfter,
				Runtime.getRuntime().availableProcessors());
	}

	private static double load() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
	}

}
