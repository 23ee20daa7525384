package io.limiter.spring.internal.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the Redis Cluster behind the limits: up when {@code CLUSTER INFO} reports
 * {@code cluster_state:ok}. Opens its connection on the first check and keeps it.
 */
public final class RedisClusterHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

	private final LazyConnection<StatefulRedisClusterConnection<String, String>> connection;

	/**
	 * Creates an indicator.
	 * @param client the client of the limits' cluster
	 */
	public RedisClusterHealthIndicator(RedisClusterClient client) {
		super("Limiter Redis Cluster health check failed");
		this.connection = new LazyConnection<>(client::connect);
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		Map<String, String> info = parse(this.connection.get().sync().clusterInfo());
		String state = info.getOrDefault("cluster_state", "unknown");
		builder.status("ok".equals(state) ? "UP" : "DOWN")
			.withDetail("cluster_state", state)
			.withDetail("cluster_slots_ok", info.getOrDefault("cluster_slots_ok", "unknown"))
			.withDetail("cluster_known_nodes", info.getOrDefault("cluster_known_nodes", "unknown"));
	}

	private static Map<String, String> parse(String info) {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : info.split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0) {
				values.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return values;
	}

	@Override
	public void destroy() {
		this.connection.close();
	}

}
