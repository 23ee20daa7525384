package io.limiter.jmh.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.lettuce.core.RedisURI;

/**
 * Where a benchmark or the over-grant checker finds Redis: a standalone server ({@code redis://host:port} or
 * {@code rediss://...}) or the seed nodes of a cluster ({@code host:port} pairs separated by {@code ,},
 * {@code ;} or spaces; JMH splits {@code -p} values at commas, so use {@code ;} there).
 *
 * @param standalone the standalone server, or {@code null} for a cluster
 * @param seeds the cluster's seed nodes, empty for a standalone server
 */
public record RedisAddress(RedisURI standalone, List<RedisURI> seeds) {

	/**
	 * Creates an address; exactly one of the two must be given.
	 * @param standalone the standalone server, or {@code null}
	 * @param seeds the seed nodes, or an empty list
	 */
	public RedisAddress {
		seeds = List.copyOf(seeds);
		if ((standalone == null) == seeds.isEmpty()) {
			throw new IllegalArgumentException("name either a standalone server or cluster seeds");
		}
	}

	/**
	 * Parses a standalone URL or cluster seeds.
	 * @param spec the text
	 * @return the address
	 * @throws IllegalArgumentException quoting the value when it is neither
	 */
	public static RedisAddress parse(String spec) {
		Objects.requireNonNull(spec, "spec must not be null");
		String trimmed = spec.trim();
		if (trimmed.startsWith("redis://") || trimmed.startsWith("rediss://")) {
			try {
				return new RedisAddress(RedisURI.create(trimmed), List.of());
			}
			catch (RuntimeException ex) {
				throw new IllegalArgumentException("redis must be a redis:// URL or host:port seeds but '" + spec
						+ "' is malformed: " + ex.getMessage(), ex);
			}
		}
		List<RedisURI> seeds = new ArrayList<>();
		for (String node : trimmed.split("[,;\\s]+")) {
			if (!node.isEmpty()) {
				seeds.add(seed(node, spec));
			}
		}
		if (seeds.isEmpty()) {
			throw new IllegalArgumentException(
					"redis must be a redis:// URL or host:port seeds but was '" + spec + "'");
		}
		return new RedisAddress(null, seeds);
	}

	/**
	 * Returns whether this names a cluster.
	 * @return {@code true} for cluster seeds
	 */
	public boolean isCluster() {
		return this.standalone == null;
	}

	private static RedisURI seed(String node, String spec) {
		int colon = node.lastIndexOf(':');
		int port = -1;
		if (colon > 0) {
			try {
				port = Integer.parseInt(node.substring(colon + 1));
			}
			catch (NumberFormatException ex) {
				port = -1;
			}
		}
		if (port < 1 || port > 65535) {
			throw new IllegalArgumentException("redis must be a redis:// URL or host:port seeds with ports from 1 to "
					+ "65535 but '" + node + "' in '" + spec + "' is not");
		}
		return RedisURI.create(node.substring(0, colon), port);
	}

	@Override
	public String toString() {
		if (!isCluster()) {
			return this.standalone.toString();
		}
		StringBuilder text = new StringBuilder("cluster ");
		for (RedisURI seed : this.seeds) {
			text.append(text.length() > 8 ? "," : "").append(seed.getHost()).append(':').append(seed.getPort());
		}
		return text.toString();
	}

}
