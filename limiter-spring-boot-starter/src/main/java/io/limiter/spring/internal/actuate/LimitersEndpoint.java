package io.limiter.spring.internal.actuate;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.LimitPolicy;

/**
 * The {@code limiters} endpoint: {@code /actuator/limiters} lists the limits with their settings, and
 * {@code /actuator/limiters/{name}/{key}} shows the current state of one key through
 * {@link RateLimiter#peek(String)}, which stores nothing: no state for a key that has none, no refreshed time to
 * live. Anyone who can read it sees the state of any key (a client address, a user name), so expose it only to
 * operators: it is not exposed unless {@code management.endpoints.web.exposure.include} names it.
 */
@Endpoint(id = "limiters")
public final class LimitersEndpoint {

	private final RateLimiterRegistry registry;

	private final LimitEnforcers enforcers;

	/**
	 * Creates the endpoint.
	 * @param registry the limits
	 * @param enforcers the policies of the limits
	 */
	public LimitersEndpoint(RateLimiterRegistry registry, LimitEnforcers enforcers) {
		this.registry = registry;
		this.enforcers = enforcers;
	}

	/**
	 * Lists the limits.
	 * @return the backend and the limits by name
	 */
	@ReadOperation
	public LimitersDescriptor limiters() {
		Map<String, LimitDescriptor> limits = new LinkedHashMap<>();
		for (LimitEnforcer enforcer : this.enforcers.all()) {
			Limit limit = this.registry.limiter(enforcer.name()).limit();
			LimitPolicy policy = enforcer.policy();
			Map<String, PlanDescriptor> plans = new LinkedHashMap<>();
			for (String plan : this.registry.plans(enforcer.name())) {
				if (!LimitPlanResolver.DEFAULT_PLAN.equals(plan)) {
					Limit planLimit = this.registry.limiter(enforcer.name(), plan).limit();
					plans.put(plan, new PlanDescriptor(planLimit.capacity(), planLimit.period().toString(),
							rates(planLimit)));
				}
			}
			limits.put(enforcer.name(), new LimitDescriptor(limit.algorithm().configName(), limit.capacity(),
					limit.period().toString(), rates(limit), policy.shadow(), configName(policy.failurePolicy().name()),
					plans));
		}
		return new LimitersDescriptor(this.registry.backend().getClass().getSimpleName(), limits);
	}

	/**
	 * Shows the state of one key of one limit. The key is the rest of the path, so that keys with slashes, such as
	 * the key {@code 2001:db8:1:2::/64} of an IPv6 client, can be named.
	 * @param name the limit name
	 * @param keySegments the key's path segments
	 * @return the state, or {@code null} (404) when there is no such limit
	 */
	@ReadOperation
	public KeyStateDescriptor keyState(@Selector String name,
			@Selector(match = Selector.Match.ALL_REMAINING) String[] keySegments) {
		if (!this.registry.names().contains(name)) {
			return null;
		}
		String key = String.join("/", keySegments);
		String plan = this.enforcers.get(name).plan(key, null);
		RateLimiter limiter = this.registry.limiter(name, plan);
		Decision decision = limiter.peek(key);
		return new KeyStateDescriptor(name, key, plan, limiter.limit().rates().get(decision.rate()).capacity(),
				decision.remaining(), decision.resetAfterMillis());
	}

	private static List<RateDescriptor> rates(Limit limit) {
		return limit.rates().stream().map((rate) -> new RateDescriptor(rate.capacity(), rate.period().toString())).toList();
	}

	private static String configName(String enumName) {
		return enumName.toLowerCase(java.util.Locale.ROOT).replace('_', '-');
	}

	/**
	 * The answer of {@code /actuator/limiters}.
	 * @param backend the simple class name of the backend
	 * @param limits the limits by name
	 */
	public record LimitersDescriptor(String backend, Map<String, LimitDescriptor> limits) {
	}

	/**
	 * The settings of one limit.
	 * @param algorithm the algorithm's configuration name
	 * @param capacity the permits per period of the first rate
	 * @param period the period of the first rate, ISO-8601
	 * @param rates every rate, the first included
	 * @param shadow whether the limit only counts
	 * @param failurePolicy the failure policy's configuration name
	 * @param plans the limit's named plans, by name
	 */
	public record LimitDescriptor(String algorithm, long capacity, String period, List<RateDescriptor> rates,
			boolean shadow, String failurePolicy, Map<String, PlanDescriptor> plans) {
	}

	/**
	 * The numbers of one named plan of a limit.
	 * @param capacity the permits per period of its first rate
	 * @param period the period of its first rate, ISO-8601
	 * @param rates every rate of the plan, the first included
	 */
	public record PlanDescriptor(long capacity, String period, List<RateDescriptor> rates) {
	}

	/**
	 * One rate of a limit.
	 * @param capacity the permits per period
	 * @param period the period, as an ISO-8601 duration
	 */
	public record RateDescriptor(long capacity, String period) {
	}

	/**
	 * The state of one key.
	 * @param limit the limit name
	 * @param key the key
	 * @param plan the key's plan, as the plan resolver chooses it without a request
	 * @param capacity the permits per period of the plan's rate closest to refusing (of a plan of one rate, its
	 * capacity)
	 * @param remaining the permits a request could take now
	 * @param resetAfterMillis the time until the key is back to full capacity
	 */
	public record KeyStateDescriptor(String limit, String key, String plan, long capacity, long remaining,
			long resetAfterMillis) {
	}

}
