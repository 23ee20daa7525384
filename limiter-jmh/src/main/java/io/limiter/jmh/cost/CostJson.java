package io.limiter.jmh.cost;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.limiter.jmh.report.JmhJson;
import tools.jackson.databind.JsonNode;

/**
 * Reads the cost of each path from the JSON that JMH writes with {@code -rf json} for a {@link CostRun}: the
 * secondary results of {@link ClientCpuProfiler} and of {@code -prof gc}.
 */
public final class CostJson {

	/** The bytes allocated per operation, of JMH's {@code -prof gc}. */
	static final String ALLOCATION = "gc.alloc.rate.norm";

	private CostJson() {
	}

	/**
	 * Reads a result file.
	 * @param file the file
	 * @param outcome what nearly every decision of the run was
	 * @return the samples, in the file's order
	 * @throws IllegalArgumentException naming the file and the benchmark when the file is not JMH's JSON, or a result
	 * lacks one of the two metrics or is of a benchmark that is no {@link CostRun.Path}
	 */
	public static List<CostSample> read(Path file, String outcome) {
		List<CostSample> samples = new ArrayList<>();
		for (JsonNode entry : JmhJson.entries(file)) {
			samples.add(sample(entry, file, outcome));
		}
		return samples;
	}

	private static CostSample sample(JsonNode entry, Path file, String outcome) {
		String benchmark = entry.path("benchmark").asString("");
		CostRun.Path path = path(benchmark, file);
		StringBuilder label = new StringBuilder(path.benchmark());
		JsonNode algorithm = entry.path("params").path("algorithm");
		if (algorithm.isString()) {
			label.append(' ').append(algorithm.asString());
		}
		JsonNode secondary = entry.path("secondaryMetrics");
		return new CostSample(label.toString(), path.ordinal(), outcome,
				score(secondary, ClientCpuProfiler.METRIC, benchmark, file), score(secondary, ALLOCATION, benchmark, file));
	}

	private static CostRun.Path path(String benchmark, Path file) {
		for (CostRun.Path path : CostRun.Path.values()) {
			if (benchmark.equals("io.limiter.jmh." + path.benchmark())) {
				return path;
			}
		}
		throw new IllegalArgumentException(file + " has a result of '" + benchmark + "', which is no path of the cost "
				+ "table");
	}

	private static double score(JsonNode secondary, String metric, String benchmark, Path file) {
		JsonNode score = secondary.path(metric).path("score");
		if (score.isNumber()) {
			return score.asDouble();
		}
		throw new IllegalArgumentException(file + " has no " + metric + " for " + benchmark
				+ ": run with -prof gc -prof " + ClientCpuProfiler.class.getName());
	}

}
