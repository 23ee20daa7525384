package io.limiter.jmh;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.jmh.check.Candidate;
import io.limiter.jmh.check.Candidates;
import io.limiter.jmh.check.CheckOptions;
import io.limiter.jmh.check.CheckRow;
import io.limiter.jmh.check.OverGrantRun;
import io.limiter.jmh.check.ResultTable;
import io.limiter.jmh.check.SharedEnvironment;

/**
 * The over-grant test of "Benchmarking Token Bucket Rate Limiters" for every implementation: many threads ask for permits of one key (or of a key
 * each) for a few seconds, and the permits granted are compared with the most that a correct limiter may grant
 * ({@link io.limiter.jmh.check.GrantBounds}, per algorithm). Prints one table on standard output:
 * <pre>
 * impl algorithm scenario threads seconds allowed max util_pct errors verdict
 * </pre>
 * {@code verdict} is {@code ok}, {@code OVER}, or {@code baseline} for the client-side baselines of "Benchmarking Token Bucket Rate Limiters", which
 * are shown to make their races visible and never fail the check. The exit status is 1 when a row of ours is
 * {@code OVER}, 2 for bad options.
 * <p>
 * Run it with {@code java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.OverGrantCheck [--help]};
 * with no {@code --redis} it starts its own 3-master/3-replica cluster. The implementations are listed in
 * {@link Candidates#ALL}.
 */
public final class OverGrantCheck {

	private OverGrantCheck() {
	}

	/**
	 * Runs the check and exits with its status.
	 * @param args the options, see {@link CheckOptions#USAGE}
	 * @throws InterruptedException when interrupted
	 */
	public static void main(String[] args) throws InterruptedException {
		System.exit(run(args, System.out, System.err));
	}

	/**
	 * Runs the check.
	 * @param args the options
	 * @param out where the table goes
	 * @param err where usage errors and progress go
	 * @return the exit status: 0, 1 when a row of ours is over its maximum, 2 for bad options
	 * @throws InterruptedException when interrupted
	 */
	static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
		CheckOptions options;
		try {
			options = CheckOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			err.println("OverGrantCheck: " + ex.getMessage());
			return 2;
		}
		if (options.help()) {
			out.print(CheckOptions.USAGE);
			return 0;
		}
		List<CheckRow> rows = check(options, Candidates.ALL, err);
		out.print(ResultTable.format(rows));
		out.flush();
		return rows.stream().anyMatch(CheckRow::failed) ? 1 : 0;
	}

	static List<CheckRow> check(CheckOptions options, List<Candidate> candidates, PrintStream progress)
			throws InterruptedException {
		List<CheckRow> rows = new ArrayList<>();
		String runId = Long.toString(System.currentTimeMillis(), 36);
		LimiterClock clock = LimiterClock.system();
		try (SharedEnvironment environment = new SharedEnvironment(options.redis(), clock)) {
			for (Scenario scenario : options.scenarios()) {
				for (Candidate candidate : candidates) {
					for (Algorithm algorithm : candidate.algorithms()) {
						Limit limit = options.limit().limit(algorithm);
						String name = "ogc-" + runId + "-" + rows.size();
						progress.println("over-grant: " + candidate.impl() + " " + algorithm.configName() + " "
								+ scenario.paramName());
						OverGrantRun.Result result = new OverGrantRun(limit, scenario, options.threads(),
								Duration.ofSeconds(options.seconds()), clock)
							.run(candidate.opener().open(environment, name, limit), name + ":");
						rows.add(new CheckRow(candidate.impl(), algorithm.configName(), scenario.paramName(),
								options.threads(), options.seconds(), result.allowed(), result.max(),
								result.errors(), candidate.baseline()));
					}
				}
			}
		}
		return rows;
	}

}
