package io.limiter.spring.autoconfigure;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.ClusterTopologyRefreshOptions;
import io.lettuce.core.cluster.RedisClusterClient;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Lettuce clients of {@code limiter.redis.url} and {@code limiter.redis.cluster.nodes}, unless the
 * application has a client of its own.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnMissingBean({ RedisClient.class, RedisClusterClient.class })
class LimiterRedisClientConfiguration {

	static final String URL = "limiter.redis.url";

	static final String NODES = "limiter.redis.cluster.nodes";

	/** Periodic topology refresh; Lettuce 7 enables every adaptive refresh trigger by default. */
	private static final Duration TOPOLOGY_REFRESH = Duration.ofSeconds(30);

	private static final Pattern NODE = Pattern.compile("(.+):(\\d{1,5})");

	@Bean(destroyMethod = "shutdown")
	@ConditionalOnProperty(URL)
	RedisClient limiterRedisClient(LimiterProperties properties) {
		String url = properties.getRedis().getUrl().trim();
		if (!url.startsWith("redis://") && !url.startsWith("rediss://")) {
			throw new InvalidLimiterPropertyException(URL, url, "the URL must start with redis:// or rediss://",
					null);
		}
		RedisURI uri;
		try {
			// Lettuce takes "host:notaport" for a host name; java.net.URI finds no host in it.
			if (new URI(url).getHost() == null) {
				throw new URISyntaxException(url, "no host, or a port that is not a number");
			}
			uri = RedisURI.create(url);
		}
		catch (URISyntaxException | RuntimeException ex) {
			throw new InvalidLimiterPropertyException(URL, url, "the URL is malformed: " + ex.getMessage(), ex);
		}
		RedisClient client = RedisClient.create(uri);
		client.setOptions(ClientOptions.builder().timeoutOptions(timeout(properties)).build());
		return client;
	}

	@Bean(destroyMethod = "shutdown")
	@ConditionalOnProperty(NODES)
	RedisClusterClient limiterRedisClusterClient(LimiterProperties properties) {
		RedisClusterClient client = RedisClusterClient.create(seeds(properties.getRedis().getCluster().getNodes()));
		client.setOptions(ClusterClientOptions.builder()
			.timeoutOptions(timeout(properties))
			.topologyRefreshOptions(ClusterTopologyRefreshOptions.builder()
				.enablePeriodicRefresh(TOPOLOGY_REFRESH)
				.build())
			.build());
		return client;
	}

	private static TimeoutOptions timeout(LimiterProperties properties) {
		Duration timeout = properties.getRedis().getTimeout();
		if (timeout == null || timeout.isNegative() || timeout.isZero()) {
			throw new InvalidLimiterPropertyException("limiter.redis.timeout", timeout, "the timeout must be positive",
					null);
		}
		return TimeoutOptions.builder().fixedTimeout(timeout).build();
	}

	private static List<RedisURI> seeds(String nodes) {
		List<RedisURI> seeds = new ArrayList<>();
		for (String node : nodes.split(",")) {
			Matcher matcher = NODE.matcher(node.trim());
			int port = matcher.matches() ? Integer.parseInt(matcher.group(2)) : 0;
			if (port < 1 || port > 65535) {
				throw new InvalidLimiterPropertyException(NODES, nodes,
						"every node must be host:port with a port from 1 to 65535, but '" + node.trim() + "' is not",
						null);
			}
			seeds.add(RedisURI.create(matcher.group(1), port));
		}
		return seeds;
	}

}
