package io.limiter.testsupport;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * A standalone server that someone else runs, named by its URL: a user's ElastiCache, Valkey or other Redis-compatible
 * server that the contract tests are pointed at ({@link RedisFixtures#contractStandalone()}). It may hold other data,
 * so it is never flushed or stopped from here: the tests keep their keys in a namespace of their own and delete only
 * those.
 */
final class ExternalRedis implements RedisStandalone {

	private final String url;

	private final URI parsed;

	private ExternalRedis(String url, URI parsed) {
		this.url = url;
		this.parsed = parsed;
	}

	/**
	 * Reads the URL of a server.
	 * @param property the system property that named it, for messages
	 * @param url {@code redis://[[user]:password@]host[:port][/database]}, or {@code rediss://...} for TLS
	 * @return the server
	 * @throws IllegalArgumentException naming the property and the value when it is not such a URL
	 */
	static ExternalRedis of(String property, String url) {
		try {
			URI parsed = new URI(url.trim());
			if (!("redis".equals(parsed.getScheme()) || "rediss".equals(parsed.getScheme()))
					|| parsed.getHost() == null) {
				throw new IllegalArgumentException(property + "=" + url
						+ " is not a Redis URL: expected redis://host:port or rediss://host:port");
			}
			return new ExternalRedis(url.trim(), parsed);
		}
		catch (URISyntaxException ex) {
			throw new IllegalArgumentException(property + "=" + url + " is not a Redis URL: " + ex.getMessage(), ex);
		}
	}

	@Override
	public String host() {
		return this.parsed.getHost();
	}

	@Override
	public int port() {
		return (this.parsed.getPort() != -1) ? this.parsed.getPort() : 6379;
	}

	@Override
	public String uri() {
		return this.url;
	}

	/**
	 * Refuses: the server may hold other data.
	 * @throws UnsupportedOperationException always
	 */
	@Override
	public void flushAll() {
		throw new UnsupportedOperationException("FLUSHALL is never sent to " + this
				+ ": it may hold other data; delete only the keys of your own namespace");
	}

	/** Does nothing: someone else runs the server. */
	@Override
	public void stop() {
	}

	/** Does nothing: someone else runs the server. */
	@Override
	public void close() {
	}

	@Override
	public String toString() {
		return "external Redis " + host() + ":" + port();
	}

}
