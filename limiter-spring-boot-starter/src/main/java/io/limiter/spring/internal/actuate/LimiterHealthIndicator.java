package io.limiter.spring.internal.actuate;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;

/**
 * The health of the limits' backend, as the backend itself knows it, without a connection of its own:
 * {@code UP} while Redis decides; {@code DEGRADED} while the connection is not open or the circuit breaker of
 * Redis, or of a cluster node, is open, so that the failure policy decides for some keys. Never {@code DOWN}: the
 * limits keep working through the failure policy, and a limiter must not take an instance out of a load
 * balancer's rotation. An in-memory backend is always up.
 */
public final class LimiterHealthIndicator implements HealthIndicator {

	/** The status while some decisions are made by the failure policy. */
	public static final Status DEGRADED = new Status("DEGRADED",
			"Redis, or a node of the cluster, is not reached: the failure policy decides for its keys");

	private final LimiterBackend backend;

	/**
	 * Creates an indicator.
	 * @param backend the limits' backend
	 */
	public LimiterHealthIndicator(LimiterBackend backend) {
		this.backend = backend;
	}

	@Override
	public Health health() {
		if (!(this.backend instanceof RedisBackend redis)) {
			return Health.up().withDetail("backend", "in-memory").build();
		}
		boolean connected = redis.isConnected();
		boolean circuitOpen = redis.isCircuitOpen();
		Status status = (connected && !circuitOpen) ? Status.UP : DEGRADED;
		return Health.status(status)
			.withDetail("backend", "redis")
			.withDetail("connected", connected)
			.withDetail("circuitOpen", circuitOpen)
			.withDetail("fallbackInstances", redis.fallbackInstances())
			.build();
	}

}
