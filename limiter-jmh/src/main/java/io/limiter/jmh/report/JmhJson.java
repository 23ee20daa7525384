package io.limiter.jmh.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the results that JMH writes with {@code -rf json}.
 */
public final class JmhJson {

	/** The parameters that name the group or the limit rather than the variant. */
	private static final Set<String> SHARED_PARAMS = Set.of("scenario", "burst", "rate", "redis");

	private JmhJson() {
	}

	/**
	 * Reads a result file.
	 * @param file the file
	 * @return the results, in the file's order
	 * @throws IllegalArgumentException naming the file when it is not JMH's JSON
	 */
	public static List<BenchmarkResult> read(Path file) {
		List<BenchmarkResult> results = new ArrayList<>();
		for (JsonNode entry : entries(file)) {
			results.add(result(entry, file));
		}
		return results;
	}

	/**
	 * Reads the entries of a result file, one per benchmark and parameters.
	 * @param file the file
	 * @return the array of entries
	 * @throws IllegalArgumentException naming the file when it is not JMH's JSON
	 */
	public static JsonNode entries(Path file) {
		JsonNode root;
		try {
			root = JsonMapper.builder().build().readTree(file);
		}
		catch (RuntimeException ex) {
			throw new IllegalArgumentException("cannot read JMH results from " + file + ": " + ex.getMessage(), ex);
		}
		if (root == null || !root.isArray()) {
			throw new IllegalArgumentException(file + " is not JMH's JSON output (an array of results)");
		}
		return root;
	}

	private static BenchmarkResult result(JsonNode entry, Path file) {
		String benchmark = entry.path("benchmark").asString("");
		int dot = benchmark.lastIndexOf('.');
		int classDot = benchmark.lastIndexOf('.', dot - 1);
		if (dot < 0 || !entry.path("primaryMetric").has("score")) {
			throw new IllegalArgumentException(file + " has an entry without benchmark name or score: " + entry);
		}
		StringBuilder variant = new StringBuilder(benchmark.substring(dot + 1));
		JsonNode params = entry.path("params");
		for (Map.Entry<String, JsonNode> param : params.properties()) {
			if (!SHARED_PARAMS.contains(param.getKey())) {
				variant.append(' ').append(param.getKey()).append('=').append(param.getValue().asString());
			}
		}
		String scenario = params.path("scenario").asString("-");
		int threads = entry.path("threads").asInt(1);
		JsonNode secondary = entry.path("secondaryMetrics");
		double allowed = sum(secondary.path("allowed"));
		double decided = allowed + sum(secondary.path("denied"));
		double calls = sum(secondary.path("redisCalls"));
		double callsPerOp = (decided > 0 && secondary.has("redisCalls")) ? calls / decided : Double.NaN;
		double countedSeconds = sum(secondary.path("countedMicros")) / threads / 1e6;
		double utilPct = Double.NaN;
		if (countedSeconds > 0 && params.has("rate") && !"many_keys".equals(scenario)) {
			utilPct = 100 * allowed / (params.path("rate").asDouble() * keys(scenario, threads) * countedSeconds);
		}
		return new BenchmarkResult(benchmark.substring(classDot + 1, dot), variant.toString(), scenario, threads,
				entry.path("primaryMetric").path("score").asDouble(), callsPerOp, utilPct);
	}

	// many_keys has no utilization: most of its keys stay far from their limit.
	private static int keys(String scenario, int threads) {
		return "per_user".equals(scenario) ? threads : 1;
	}

	private static double sum(JsonNode metric) {
		double total = 0;
		for (JsonNode fork : metric.path("rawData")) {
			for (JsonNode iteration : fork) {
				total += iteration.asDouble();
			}
		}
		return total;
	}

}
