package io.limiter.spring.internal.actuate;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.RegionalBackend;

/**
 * The health of the limits' backend, as the backend itself knows it, without a connection of its own:
 * {@code UP} while Redis decides; {@code DEGRADED}, with the reason, while the connection is not open, while the
 * circuit breaker of Redis, or of a cluster node, is open, or while the failure policy made a share of the recent
 * decisions (a Redis that answers every script with an error, such as {@code OOM} when its memory is full, is
 * connected and its breakers closed). Never {@code DOWN}: the limits keep working through the failure policy, and a
 * limiter must not take an instance out of a load balancer's rotation. A setting of Redis that lets it evict
 * Limiter's keys is a detail, and leaves the status as it is: the limits hold until eviction happens. An in-memory
 * backend is always up. A {@link RegionalBackend} is degraded also while its home is not reached.
 */
public final class LimiterHealthIndicator implements HealthIndicator {

	/** The status while some decisions are made by the failure policy. */
	public static final Status DEGRADED = new Status("DEGRADED",
			"Redis, or a node of the cluster, is not reached or fails: the failure policy decides for its keys");

	private final LimiterBackend backend;

	private final RecentDecisions recent;

	private final DegradedThreshold threshold;

	/**
	 * Creates an indicator.
	 * @param backend the limits' backend
	 * @param recent the decisions of the last window
	 * @param threshold when the failure policy decides too often for the health to be up
	 */
	public LimiterHealthIndicator(LimiterBackend backend, RecentDecisions recent, DegradedThreshold threshold) {
		this.backend = backend;
		this.recent = recent;
		this.threshold = threshold;
	}

	@Override
	public Health health() {
		if (this.backend instanceof RedisBackend redis) {
			return redisHealth(redis);
		}
		if (this.backend instanceof RegionalBackend regional) {
			return regionalHealth(regional);
		}
		return Health.up().withDetail("backend", "in-memory").build();
	}

	private Health redisHealth(RedisBackend redis) {
		boolean connected = redis.isConnected();
		boolean circuitOpen = redis.isCircuitOpen();
		List<String> reasons = new ArrayList<>();
		if (!connected) {
			reasons.add("not connected to Redis");
		}
		if (circuitOpen) {
			reasons.add("a circuit breaker is open");
		}
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("backend", "redis");
		details.put("connected", connected);
		details.put("circuitOpen", circuitOpen);
		details.put("fallbackInstances", redis.fallbackInstances());
		return health(reasons, details, redis.configurationWarnings());
	}

	/**
	 * The health of a region: degraded also while the home is not reached, when the global limits decide from their
	 * pools until the leases end, then by the failure policy.
	 */
	private Health regionalHealth(RegionalBackend regional) {
		boolean connected = regional.isConnected();
		boolean homeConnected = regional.isHomeConnected();
		List<String> reasons = new ArrayList<>();
		if (!connected) {
			reasons.add("not connected to the region's Redis");
		}
		if (!homeConnected) {
			reasons.add("not connected to the home: global limits spend their pools, then the failure policy decides");
		}
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("backend", "regional");
		details.put("region", regional.region());
		details.put("connected", connected);
		details.put("homeConnected", homeConnected);
		return health(reasons, details, regional.configurationWarnings());
	}

	private Health health(List<String> reasons, Map<String, Object> details, List<String> warnings) {
		RecentDecisions.Counts counts = this.recent.counts();
		if (this.threshold.isReachedBy(counts)) {
			reasons.add(degradedShare(counts));
		}
		Health.Builder health = Health.status(reasons.isEmpty() ? Status.UP : DEGRADED)
			.withDetails(details)
			.withDetail("decisions", decisions(counts));
		if (!reasons.isEmpty()) {
			health.withDetail("reason", String.join("; ", reasons));
		}
		if (!warnings.isEmpty()) {
			health.withDetail("configurationWarnings", warnings);
		}
		return health.build();
	}

	private static String degradedShare(RecentDecisions.Counts counts) {
		StringBuilder reason = new StringBuilder("the failure policy made ").append(counts.degradedDecisions())
			.append(" of the ")
			.append(Math.max(counts.decisions(), counts.degradedDecisions()))
			.append(" decisions of the last ")
			.append(print(counts.window()))
			.append(" (");
		counts.degraded().forEach((cause, count) -> reason.append(cause.configName()).append(' ').append(count)
			.append(", "));
		reason.setLength(reason.length() - 2);
		return reason.append(')').toString();
	}

	private static String print(Duration window) {
		return DurationStyle.SIMPLE.print(window,
				(window.toMillis() % 1000 == 0) ? ChronoUnit.SECONDS : ChronoUnit.MILLIS);
	}

	private static Map<String, Object> decisions(RecentDecisions.Counts counts) {
		Map<String, Long> reasons = new LinkedHashMap<>();
		counts.degraded().forEach((cause, count) -> reasons.put(cause.configName(), count));
		Map<String, Object> decisions = new LinkedHashMap<>();
		decisions.put("window", print(counts.window()));
		decisions.put("total", counts.decisions());
		decisions.put("degraded", counts.degradedDecisions());
		decisions.put("degradedShare", Math.round(counts.degradedShare() * 10_000) / 10_000.0);
		decisions.put("degradedReasons", reasons);
		return decisions;
	}

}
