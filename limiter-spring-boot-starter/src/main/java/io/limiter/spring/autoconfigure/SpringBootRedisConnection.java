package io.limiter.spring.autoconfigure;

import java.util.List;
import java.util.stream.Collectors;

import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;

import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.boot.ssl.SslBundle;

import io.limiter.RedisBackendBuilder;

/**
 * Reads where Redis is from Spring Boot's Redis connection, {@link DataRedisConnectionDetails}, which stands for
 * {@code spring.data.redis.*}, a Testcontainers {@code @ServiceConnection} and Docker Compose alike, as Spring Boot's
 * own Lettuce client reads it: a Sentinel setup, else a cluster, else a standalone server; its credentials (the
 * Sentinels' own), database, and TLS when it has an SSL bundle (key and trust material, protocols, cipher suites) or
 * {@code spring.data.redis.url} is a {@code rediss://} URL. Loaded only where Spring Boot's data-redis module is.
 */
final class SpringBootRedisConnection {

	private static final String PREFIX = "spring.data.redis.";

	private SpringBootRedisConnection() {
	}

	/**
	 * Returns the Redis of Spring Boot's connection.
	 * @param details the connection
	 * @param properties Spring Boot's Redis properties, or {@code null} when they are not bound
	 * @return where Redis is, said to come from Spring Boot's connection of the details' type
	 */
	static RedisSource source(DataRedisConnectionDetails details, DataRedisProperties properties) {
		boolean tlsUrl = properties != null && properties.getUrl() != null
				&& properties.getUrl().startsWith("rediss://");
		return new RedisSource("Spring Boot's Redis connection (" + details.getClass().getSimpleName() + ")",
				(builder) -> apply(details, tlsUrl, builder));
	}

	private static void apply(DataRedisConnectionDetails details, boolean tlsUrl, RedisBackendBuilder builder) {
		SslBundle bundle = details.getSslBundle();
		boolean tls = bundle != null || tlsUrl;
		if (details.getSentinel() != null) {
			DataRedisConnectionDetails.Sentinel sentinel = details.getSentinel();
			check("sentinel.master", sentinel.getMaster(), () -> builder.server(sentinel(details, sentinel, tls)));
		}
		else if (details.getCluster() != null) {
			List<RedisURI> seeds = details.getCluster()
				.getNodes()
				.stream()
				.map((node) -> node(node.host(), node.port(), tls, details.getUsername(), details.getPassword())
					.build())
				.toList();
			check("cluster.nodes", addresses(details.getCluster().getNodes()), () -> builder.cluster(seeds));
		}
		else if (details.getMasterReplica() != null) {
			throw new InvalidLimiterPropertyException(PREFIX + "masterreplica.nodes",
					addresses(details.getMasterReplica().getNodes()),
					"Limiter needs the one master of a standalone server, a Sentinel setup or a cluster; set "
							+ LimiterRedisBackends.URL + " to the master",
					null);
		}
		else if (details.getStandalone() != null) {
			DataRedisConnectionDetails.Standalone standalone = details.getStandalone();
			RedisURI server = node(standalone.getHost(), standalone.getPort(), tls, details.getUsername(),
					details.getPassword())
				.withDatabase(standalone.getDatabase())
				.build();
			check("host", standalone.getHost(), () -> builder.server(server));
		}
		else {
			throw new InvalidLimiterPropertyException(PREFIX + "host", null,
					"Spring Boot's Redis connection names no standalone server, Sentinel setup or cluster", null);
		}
		if (bundle != null) {
			builder.sslOptions(sslOptions(bundle));
		}
	}

	private static RedisURI sentinel(DataRedisConnectionDetails details, DataRedisConnectionDetails.Sentinel sentinel,
			boolean tls) {
		RedisURI.Builder setup = credentials(RedisURI.builder(), details.getUsername(), details.getPassword())
			.withSentinelMasterId(sentinel.getMaster())
			.withDatabase(sentinel.getDatabase())
			.withSsl(tls);
		for (DataRedisConnectionDetails.Node node : sentinel.getNodes()) {
			setup.withSentinel(node(node.host(), node.port(), tls, sentinel.getUsername(), sentinel.getPassword())
				.build());
		}
		return setup.build();
	}

	private static String addresses(List<DataRedisConnectionDetails.Node> nodes) {
		return nodes.stream().map((node) -> node.host() + ":" + node.port()).collect(Collectors.joining(","));
	}

	private static RedisURI.Builder node(String host, int port, boolean tls, String username, String password) {
		return credentials(RedisURI.builder().withHost(host).withPort(port).withSsl(tls), username, password);
	}

	private static RedisURI.Builder credentials(RedisURI.Builder uri, String username, String password) {
		if (password == null) {
			return uri;
		}
		return (username != null) ? uri.withAuthentication(username, password.toCharArray())
				: uri.withPassword(password.toCharArray());
	}

	/** Lettuce's TLS settings of a bundle, as Spring Boot's own Lettuce client takes them. */
	static SslOptions sslOptions(SslBundle bundle) {
		SslOptions.Builder options = SslOptions.builder()
			.jdkSslProvider()
			.keyManager(bundle.getManagers().getKeyManagerFactory())
			.trustManager(bundle.getManagers().getTrustManagerFactory());
		if (bundle.getOptions().getCiphers() != null) {
			options.cipherSuites(bundle.getOptions().getCiphers());
		}
		if (bundle.getOptions().getEnabledProtocols() != null) {
			options.protocols(bundle.getOptions().getEnabledProtocols());
		}
		return options.build();
	}

	/** Reports a server the core refuses under the Spring Boot property that names it. */
	private static void check(String property, Object value, Runnable apply) {
		LimitDefinitions.check(PREFIX + property, value, (ignored) -> apply.run());
	}

}
