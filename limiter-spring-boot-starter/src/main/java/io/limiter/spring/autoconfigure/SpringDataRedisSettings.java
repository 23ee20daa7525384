package io.limiter.spring.autoconfigure;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

import io.limiter.integration.RedisSecrets;

/**
 * Reads where Redis is from Spring Data Redis' connection settings ({@code spring.data.redis.*}), for
 * {@code limiter.redis.use-spring-data-redis=true}: its URL, or its host, port, database, user name, password and
 * SSL switch, or its cluster nodes, or its Sentinel master and nodes, each turned into the {@code redis://} or
 * {@code rediss://} form that {@code limiter.redis.url}, {@code limiter.redis.cluster.nodes} and
 * {@code limiter.redis.sentinel.nodes} take.
 */
final class SpringDataRedisSettings {

	private static final String PREFIX = "spring.data.redis.";

	private final Binder binder;

	private SpringDataRedisSettings(Environment environment) {
		this.binder = Binder.get(environment);
	}

	/**
	 * Copies Spring Data Redis' settings into Limiter's, unless Limiter's own URL or nodes are set.
	 * @param environment the application's environment
	 * @param redis Limiter's Redis settings, changed in place
	 */
	static void apply(Environment environment, RedisSettings redis) {
		if (redis.getUrl() != null || redis.getCluster().getNodes() != null || redis.getSentinel().getNodes() != null
				|| redis.getSentinel().getMaster() != null) {
			return;
		}
		SpringDataRedisSettings settings = new SpringDataRedisSettings(environment);
		List<String> nodes = settings.list("cluster.nodes");
		List<String> sentinels = settings.list("sentinel.nodes");
		if (!nodes.isEmpty()) {
			redis.getCluster().setNodes(String.join(",", settings.urls(nodes)));
		}
		else if (!sentinels.isEmpty()) {
			settings.checkOneSentinelPassword();
			redis.getSentinel().setMaster(settings.text("sentinel.master"));
			redis.getSentinel().setNodes(settings.urls(sentinels));
		}
		else {
			redis.setUrl(settings.url());
		}
	}

	/** Returns nodes given as {@code host:port} as URLs with the scheme and credentials of the settings. */
	private List<String> urls(List<String> nodes) {
		return nodes.stream().map((node) -> scheme() + userInfo() + node.trim()).collect(Collectors.toList());
	}

	/**
	 * Fails when Spring Data Redis authenticates at the Sentinels with other credentials than at the servers:
	 * Limiter reaches both with one set.
	 */
	private void checkOneSentinelPassword() {
		String sentinelPassword = text("sentinel.password");
		if (sentinelPassword != null && !sentinelPassword.equals(text("password"))) {
			throw new InvalidLimiterPropertyException(PREFIX + "sentinel.password", RedisSecrets.MASK,
					"Limiter reaches the Sentinels and the servers with the same credentials, those of " + PREFIX
							+ "password; set them alike",
					null);
		}
	}

	private String url() {
		String url = text("url");
		if (url != null) {
			return url;
		}
		String host = (text("host") != null) ? text("host") : "localhost";
		String port = (text("port") != null) ? text("port") : "6379";
		String database = text("database");
		return scheme() + userInfo() + host + ":" + port + ((database != null) ? "/" + database : "");
	}

	private String scheme() {
		return "true".equalsIgnoreCase(text("ssl.enabled")) ? "rediss://" : "redis://";
	}

	private String userInfo() {
		String password = text("password");
		if (password == null) {
			return "";
		}
		String username = text("username");
		return ((username != null) ? encode(username) + ":" : "") + encode(password) + "@";
	}

	private String text(String name) {
		return this.binder.bind(PREFIX + name, String.class).orElse(null);
	}

	private List<String> list(String name) {
		return this.binder.bind(PREFIX + name, Bindable.listOf(String.class)).orElse(List.of());
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

}
