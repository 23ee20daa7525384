package io.limiter.jmh.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups results by benchmark, scenario and thread count, fastest first within a group.
 */
final class Groups {

	private Groups() {
	}

	static Map<String, List<BenchmarkResult>> of(List<BenchmarkResult> results) {
		List<BenchmarkResult> ordered = new ArrayList<>(results);
		ordered.sort(Comparator.comparing(BenchmarkResult::benchmark)
			.thenComparing(BenchmarkResult::scenario)
			.thenComparingInt(BenchmarkResult::threads)
			.thenComparing(Comparator.comparingDouble(BenchmarkResult::opsPerSecond).reversed()));
		Map<String, List<BenchmarkResult>> groups = new LinkedHashMap<>();
		for (BenchmarkResult result : ordered) {
			groups.computeIfAbsent(result.group(), (group) -> new ArrayList<>()).add(result);
		}
		return groups;
	}

}
