package io.limiter.spring.internal.actuate;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * The health of the standalone Redis server behind the limits: up when it answers {@code PING}. Opens its
 * connection on the first check and keeps it (Lettuce reconnects it after a failure).
 */
public final class RedisStandaloneHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

	private final LazyConnection<StatefulRedisConnection<String, String>> connection;

	/**
	 * Creates an indicator.
	 * @param client the client of the limits' server
	 */
	public RedisStandaloneHealthIndicator(RedisClient client) {
		super("Limiter Redis health check failed");
		this.connection = new LazyConnection<>(client::connect);
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		builder.up().withDetail("ping", this.connection.get().sync().ping());
	}

	@Override
	public void destroy() {
		this.connection.close();
	}

}
