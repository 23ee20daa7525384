package io.limiter.jmh;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.limiter.jmh.ratio.RatioOptions;
import io.limiter.jmh.ratio.RatioOptions.Ratio;
import io.limiter.jmh.ratio.RoundResults;
import io.limiter.testsupport.RedisFixtures;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Ratios of benchmark variants that hold from one run to the next on a small, noisy machine. One fork of a few
 * iterations per variant leaves error bars larger than the differences, because the machine's speed drifts
 * (other processes, turbo, the JIT) over minutes. So every variant named in a ratio runs once per round, each
 * in a fork of its own (one warm-up and one measured iteration), the variants of a round back to back in an
 * order rotated from round to round; each ratio is taken within a round, where the variants saw nearly the same
 * machine, and the median over the rounds is printed with its spread (the least and greatest round), beside
 * every variant's median throughput and Redis calls per decision; a fork that fails is reported and left out of
 * its round. Run for example:
 * <pre>
 * java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.Ratios -p scenario=many_keys --rounds 5 \
 *     luaEvalSha/bucket4jLettuce defaults/luaEvalSha luaEvalShaAsync/ceilingProbe
 * </pre>
 * With no {@code --redis}, one 3-master/3-replica cluster is started for all forks. Options:
 * {@link RatioOptions#USAGE}.
 */
public final class Ratios {

	private Ratios() {
	}

	/**
	 * Measures the ratios and exits with the status.
	 * @param args the options
	 */
	public static void main(String[] args) {
		System.exit(run(args, System.out, System.err));
	}

	static int run(String[] args, PrintStream out, PrintStream err) {
		RatioOptions options;
		try {
			options = RatioOptions.parse(args);
		}
		catch (IllegalArgumentException ex) {
			err.println("Ratios: " + ex.getMessage());
			return 2;
		}
		if (options.help()) {
			out.print(RatioOptions.USAGE);
			return 0;
		}
		String redis = options.redis().isBlank() ? RedisFixtures.cluster().seedNodes().replace(',', ';')
				: options.redis();
		List<String> variants = options.variants();
		RoundResults results = new RoundResults();
		for (int round = 0; round < options.rounds(); round++) {
			results.newRound();
			for (int i = 0; i < variants.size(); i++) {
				String variant = variants.get((round + i) % variants.size());
				RunResult result;
				try {
					result = runOnce(options, variant, redis);
				}
				catch (RunnerException ex) {
					// One fork that fails (a connection that took too long on a loaded machine) costs its round
					// the ratios of that variant, not the whole measurement.
					err.printf(Locale.ROOT, "round %d/%d %s: failed, left out (%s)%n", round + 1, options.rounds(),
							variant, ex.getMessage());
					continue;
				}
				double score = result.getPrimaryResult().getScore();
				results.record(variant, score, callsPerOp(result));
				err.printf(Locale.ROOT, "round %d/%d %s: %,.0f ops/s%n", round + 1, options.rounds(), variant, score);
			}
		}
		out.printf(Locale.ROOT, "%s, %s, %d threads, %d rounds of %d s warm-up + %d s measured per variant%n%n",
				options.benchmark(), options.params(), options.threads(), options.rounds(), options.warmupSeconds(),
				options.seconds());
		out.print(results.format(options.ratios(), variants));
		out.flush();
		return 0;
	}

	private static RunResult runOnce(RatioOptions options, String variant, String redis) throws RunnerException {
		ChainedOptionsBuilder builder = new OptionsBuilder()
			.include("^io\\.limiter\\.jmh\\." + options.benchmark() + "\\." + Ratio.method(variant) + "$")
			.forks(1)
			.warmupIterations(1)
			.warmupTime(TimeValue.seconds(options.warmupSeconds()))
			.measurementIterations(1)
			.measurementTime(TimeValue.seconds(options.seconds()))
			.threads(options.threads())
			.verbosity(VerboseMode.SILENT)
			.shouldFailOnError(true)
			.param("redis", redis);
		Map<String, String> params = new LinkedHashMap<>(options.params());
		params.putAll(Ratio.params(variant));
		for (Map.Entry<String, String> param : params.entrySet()) {
			builder.param(param.getKey(), param.getValue());
		}
		Collection<RunResult> results = new Runner(builder.build()).run();
		if (results.size() != 1) {
			throw new IllegalArgumentException(variant + " ran " + results.size() + " times, once per value of a "
					+ "parameter: name one value of each with -p (for example -p scenario=many_keys)");
		}
		return new ArrayList<>(results).get(0);
	}

	private static double callsPerOp(RunResult result) {
		Result<?> calls = result.getSecondaryResults().get("redisCalls");
		Result<?> allowed = result.getSecondaryResults().get("allowed");
		Result<?> denied = result.getSecondaryResults().get("denied");
		if (calls == null || allowed == null || denied == null) {
			return Double.NaN;
		}
		double decided = allowed.getScore() + denied.getScore();
		return (decided > 0) ? calls.getScore() / decided : Double.NaN;
	}

}
