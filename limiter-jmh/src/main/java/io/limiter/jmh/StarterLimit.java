package io.limiter.jmh;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.env.MapPropertySource;

/**
 * A limit of the benchmark as an application configures it for the starter: {@code limiter.limits.<name>.*}
 * properties, and optionally a filter rule that applies it to every request of a path.
 */
final class StarterLimit {

	private StarterLimit() {
	}

	/**
	 * Returns the properties of a token bucket of the benchmark's limit.
	 * @param name the name of the limit
	 * @param limit the burst and the rate
	 * @return the properties, for an application's environment
	 */
	static MapPropertySource tokenBucket(String name, BenchmarkLimit limit) {
		return new MapPropertySource("benchmark", properties(name, limit));
	}

	/**
	 * Returns the properties of a token bucket of the benchmark's limit and of the one filter rule that applies it,
	 * keyed by the client's address, to every request of a path.
	 * @param name the name of the limit
	 * @param limit the burst and the rate
	 * @param path the path of the rule
	 * @return the properties, for an application's environment
	 */
	static MapPropertySource filtered(String name, BenchmarkLimit limit, String path) {
		Map<String, Object> properties = properties(name, limit);
		properties.put("limiter.filter.rules[0].paths", path);
		properties.put("limiter.filter.rules[0].limit", name);
		return new MapPropertySource("benchmark", properties);
	}

	private static Map<String, Object> properties(String name, BenchmarkLimit limit) {
		String prefix = "limiter.limits." + name + ".";
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put(prefix + "algorithm", "token-bucket");
		properties.put(prefix + "capacity", Long.toString(limit.burst()));
		properties.put(prefix + "period", limit.period().toMillis() + "ms");
		return properties;
	}

}
