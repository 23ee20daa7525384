package io.limiter.internal.redis;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisURI;
import io.limiter.integration.RedisSecrets;

/**
 * Reads where Redis is: a {@code redis://} or {@code rediss://} URL, a list of cluster seeds, or a Sentinel
 * master name with a list of Sentinels, each node {@code host:port} or such a URL. Every error message names the
 * value with its user info masked, and carries no cause that could print it: a password never reaches an
 * exception, a log or a failure report.
 */
public final class RedisEndpoints {

	private RedisEndpoints() {
	}

	/**
	 * Parses a standalone server's URL.
	 * @param url {@code redis://[[user:]password@]host[:port][/database]} or {@code rediss://...} for TLS
	 * @return the URI
	 * @throws IllegalArgumentException naming the masked value when it is not such a URL
	 */
	public static RedisURI url(String url) {
		if (url == null || !(url.startsWith("redis://") || url.startsWith("rediss://"))) {
			throw new IllegalArgumentException(
					"the URL must start with redis:// or rediss:// but was '" + RedisSecrets.maskValue(url) + "'");
		}
		try {
			// Lettuce takes "host:notaport" for a host name; java.net.URI finds no host in it.
			if (new URI(url).getHost() == null) {
				throw new IllegalArgumentException("no host, or a port that is not a number");
			}
			return RedisURI.create(url);
		}
		catch (URISyntaxException | RuntimeException ex) {
			throw new IllegalArgumentException(
					"the URL '" + RedisSecrets.maskValue(url) + "' is malformed: " + redact(ex, url));
		}
	}

	/**
	 * Parses cluster seeds.
	 * @param nodes comma-separated {@code host:port}, or URLs as {@link #url(String)} takes them when the cluster
	 * needs credentials or TLS (Lettuce uses those of the first seed for every node)
	 * @return the seeds
	 * @throws IllegalArgumentException naming the masked node when one is neither
	 */
	public static List<RedisURI> nodes(String nodes) {
		return endpoints("cluster nodes", nodes);
	}

	/**
	 * Parses a Sentinel setup: the name under which the Sentinels monitor the master, and some of the Sentinels.
	 * Each Sentinel given as a URL authenticates with its credentials; the master and its replicas use the
	 * credentials and database of the first Sentinel's URL, as a setup that protects its Sentinels with the
	 * servers' password ({@code requirepass} on each Sentinel) has it. The first node's scheme also decides TLS,
	 * for every Sentinel and server alike (Lettuce sets it once for a Sentinel setup).
	 * @param master the master name, as in {@code sentinel monitor <name> ...}
	 * @param nodes comma-separated {@code host:port} of Sentinels, or their URLs as {@link #url(String)} takes them
	 * @return a URI that Lettuce resolves to the current master through the Sentinels at each (re)connection
	 * @throws IllegalArgumentException naming the field and the masked value when either is invalid
	 */
	public static RedisURI sentinel(String master, String nodes) {
		List<RedisURI> sentinels = endpoints("sentinel nodes", nodes);
		RedisURI first = sentinels.get(0);
		RedisURI.Builder uri = RedisURI.builder()
			.withSentinelMasterId(sentinelMaster(master))
			.withDatabase(first.getDatabase())
			.withSsl(first.isSsl())
			.withVerifyPeer(first.getVerifyMode())
			.withStartTls(first.isStartTls());
		sentinels.forEach(uri::withSentinel);
		RedisURI sentinel = uri.build();
		sentinel.applyAuthentication(first);
		return sentinel;
	}

	/**
	 * Checks the name under which Sentinels monitor a master.
	 * @param master the name, as in {@code sentinel monitor <name> ...}
	 * @return the name
	 * @throws IllegalArgumentException naming the value when it is missing, blank or holds a space
	 */
	public static String sentinelMaster(String master) {
		if (master == null || master.isBlank() || master.chars().anyMatch(Character::isWhitespace)) {
			throw new IllegalArgumentException(
					"the sentinel master must be the name the Sentinels monitor, without spaces, but was '" + master
							+ "'");
		}
		return master;
	}

	private static List<RedisURI> endpoints(String what, String nodes) {
		if (nodes == null || nodes.isBlank()) {
			throw new IllegalArgumentException(what + " must be comma-separated host:port but was '"
					+ RedisSecrets.maskValue(nodes) + "'");
		}
		List<RedisURI> endpoints = new ArrayList<>();
		for (String node : nodes.split(",")) {
			String trimmed = node.trim();
			if (trimmed.startsWith("redis://") || trimmed.startsWith("rediss://")) {
				endpoints.add(url(trimmed));
				continue;
			}
			int colon = trimmed.lastIndexOf(':');
			int port = (colon > 0) ? port(trimmed.substring(colon + 1)) : -1;
			if (port < 1 || port > 65535) {
				throw new IllegalArgumentException("every one of the " + what
						+ " must be host:port with a port from 1 to 65535 or a redis:// URL, but '"
						+ RedisSecrets.maskValue(trimmed) + "' is not");
			}
			endpoints.add(RedisURI.create(trimmed.substring(0, colon), port));
		}
		return endpoints;
	}

	private static String redact(Throwable failure, String url) {
		String message = String.valueOf(failure.getMessage());
		int scheme = url.indexOf("://");
		int at = url.lastIndexOf('@');
		if (scheme >= 0 && at > scheme + 3) {
			String userInfo = url.substring(scheme + 3, at);
			String password = userInfo.substring(userInfo.indexOf(':') + 1);
			message = message.replace(userInfo, RedisSecrets.MASK);
			if (!password.isEmpty()) {
				message = message.replace(password, RedisSecrets.MASK);
			}
		}
		return RedisSecrets.mask(message);
	}

	private static int port(String text) {
		try {
			return Integer.parseInt(text);
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

}
