package io.limiter.spring.internal.gateway;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.LimiterBackend;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;

/**
 * Gives the enforcer of a gateway route's limit: a configured limit's, or for a limit of the route's own a limit of
 * the application's backend by the route's name (or the name the route gives it), with its local tier and failure
 * policy, made once and said in the log. Two routes that give one inline name share its keys, and must give it the
 * same settings.
 */
public final class RouteLimiters {

	private static final System.Logger logger = System.getLogger(RouteLimiters.class.getName());

	private final LimitEnforcers enforcers;

	private final LimiterBackend backend;

	private final Map<String, InlineEnforcer> inline = new ConcurrentHashMap<>();

	/**
	 * Creates the enforcers' source.
	 * @param enforcers the enforcers of the configured limits
	 * @param backend where the state of inline limits lives, the configured limits' backend
	 */
	public RouteLimiters(LimitEnforcers enforcers, LimiterBackend backend) {
		this.enforcers = enforcers;
		this.backend = backend;
	}

	/**
	 * Returns the enforcer of a route's limit, and records the permits the route takes per request.
	 * @param limit the route's limit
	 * @param route the route's id, or {@code null} when the route has none
	 * @param cost the permits the route takes per request
	 * @return the enforcer
	 * @throws IllegalArgumentException naming the route when the limit does not exist, an inline limit has neither a
	 * name nor a route id, its name has other settings, or the cost is above the limit's capacity
	 */
	public LimitEnforcer enforcer(RouteLimit limit, String route, long cost) {
		String where = "route '" + route + "'";
		try {
			LimitEnforcer enforcer = (limit instanceof RouteLimit.Inline own) ? inline(own, route)
					: this.enforcers.get(((RouteLimit.Named) limit).name());
			enforcer.requireCapacity(cost, "gateway " + where);
			return enforcer;
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(where + ": " + ex.getMessage(), ex);
		}
	}

	private LimitEnforcer inline(RouteLimit.Inline limit, String route) {
		String name = (limit.name() != null) ? limit.name() : route;
		if (name == null) {
			throw new IllegalArgumentException("an inline limit of a route without an id needs a name");
		}
		InlineEnforcer made = this.inline.computeIfAbsent(name, (key) -> {
			RateLimiterRegistry registry = new RateLimiterRegistry(this.backend, Map.of(key, limit.limit()),
					Map.of(key, limit.options()));
			logger.log(System.Logger.Level.INFO, () -> "Gateway route '" + route + "' is limited by its own limit '"
					+ key + "': " + limit.limit() + ", local tier " + limit.options().localTier().mode()
					+ ", failure policy " + ((limit.options().failurePolicy() != null)
							? limit.options().failurePolicy() : "of limiter.failure-policy"));
			return new InlineEnforcer(limit, new LimitEnforcer(key, registry, false));
		});
		if (!made.limit().limit().equals(limit.limit()) || !made.limit().options().equals(limit.options())) {
			throw new IllegalArgumentException("the inline limit '" + name + "' is " + made.limit().limit() + ", "
					+ made.limit().options() + " on another route, and " + limit.limit() + ", " + limit.options()
					+ " here; give each its own name");
		}
		return made.enforcer();
	}

	private record InlineEnforcer(RouteLimit.Inline limit, LimitEnforcer enforcer) {
	}

}
