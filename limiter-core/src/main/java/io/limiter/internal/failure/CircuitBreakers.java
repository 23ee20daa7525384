package io.limiter.internal.failure;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.limiter.LimiterClock;

/**
 * One {@link CircuitBreaker} per node, so that a dead cluster master stops the calls for its own keys only:
 * the keys of the other masters keep being decided by Redis.
 */
public final class CircuitBreakers {

	/** More nodes than any cluster has; past it, closed breakers of nodes seen before are forgotten. */
	private static final int MAXIMUM_NODES = 1024;

	private final int failureThreshold;

	private final Duration openDuration;

	private final LimiterClock clock;

	private final Map<String, CircuitBreaker> byNode = new ConcurrentHashMap<>();

	private final AtomicInteger failingBreakers = new AtomicInteger();

	/**
	 * Creates the breakers, all closed.
	 * @param failureThreshold consecutive failures that open a node's breaker, at least 1
	 * @param openDuration how long a breaker stays open before a probe, positive
	 * @param clock the time source
	 */
	public CircuitBreakers(int failureThreshold, Duration openDuration, LimiterClock clock) {
		this.failureThreshold = failureThreshold;
		this.openDuration = openDuration;
		this.clock = clock;
		forNode("");
	}

	/**
	 * Returns the breaker of a node.
	 * @param node the id of the node
	 * @return its breaker
	 */
	public CircuitBreaker forNode(String node) {
		CircuitBreaker breaker = this.byNode.get(node);
		if (breaker != null) {
			return breaker;
		}
		if (this.byNode.size() >= MAXIMUM_NODES) {
			this.byNode.values().removeIf(CircuitBreaker::isHealthy);
		}
		return this.byNode.computeIfAbsent(node,
				(ignored) -> new CircuitBreaker(this.failureThreshold, this.openDuration, this.clock, this.failingBreakers));
	}

	/**
	 * Returns whether every breaker has succeeded since its last failure: the one volatile read that lets
	 * callers skip finding a key's breaker while Redis is healthy.
	 * @return {@code true} when no breaker has a failure outstanding
	 */
	public boolean allHealthy() {
		return this.failingBreakers.get() == 0;
	}

	/**
	 * Returns how many nodes have a breaker.
	 * @return the number of breakers
	 */
	public int size() {
		return this.byNode.size();
	}

	/**
	 * Returns whether the breaker of some node is open.
	 * @return {@code true} while calls to some node are refused
	 */
	public boolean isAnyOpen() {
		return this.byNode.values().stream().anyMatch(CircuitBreaker::isOpen);
	}

}
