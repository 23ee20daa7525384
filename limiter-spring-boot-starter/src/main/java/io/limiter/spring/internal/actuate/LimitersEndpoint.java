package io.limiter.spring.internal.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.annotation.DeleteOperation;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;

import io.limiter.AdminOperation;
import io.limiter.ConcurrencyLimiter;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.LimiterBackendException;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RegionalBackend;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.actuate.LimitersDescriptors.AdminErrorDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.AdminResultDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.ConcurrencyLimitDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.GlobalDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.InFlightDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.KeyStateDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitersDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.PlanDescriptor;
import io.limiter.spring.internal.gateway.RouteOwnLimits;
import io.limiter.spring.internal.gateway.RouteOwnLimits.Registered;

/**
 * The {@code limiters} endpoint: {@code /actuator/limiters} lists the limits with their settings, and
 * {@code /actuator/limiters/{name}/{key}} shows the current state of one key through
 * {@link RateLimiter#peek(String)}, which stores nothing: no state for a key that has none, no refreshed time to
 * live. The concurrency limits are listed apart ({@code concurrencyLimits}), and the state of one of their keys is
 * its permits in flight across every instance ({@link ConcurrencyLimiter#inFlight(String)}); they have no admin
 * operations (a permit returns when its holder ends, or its lease does). {@code DELETE /actuator/limiters/{name}/{key}} resets a key ({@link RateLimiter#reset(String)}), and
 * {@code POST} to it with a JSON body {@code {"operation": "add-permits", "permits": 3}} gives the key permits
 * ({@link RateLimiter#addPermits(String, long)}; {@code "penalty"} takes them, {@link RateLimiter#penalize(String, long)}).
 * An unknown limit answers 404, bad input 400 and a backend that could not apply the operation 503, each with a body
 * that says why; the operations are counted by the backend's observer ({@code limiter.admin.operations}). The own
 * limits of gateway routes ({@code route.<route id>}) are listed after the configured limits, and read and adjusted
 * as they are. The state of a key of a global limit ({@link io.limiter.GlobalBudget}) adds what the home and the
 * regions hold of it ({@code global}: the home's remaining permits, each region's loan and this region's pool).
 * <p>
 * Anyone who can read it sees the state of any key (a client address, a user name), and anyone who can write to it
 * lifts any key's limit, so expose it only to operators: it is not exposed unless
 * {@code management.endpoints.web.exposure.include} names it, and exposed it only reads unless
 * {@code management.endpoint.limiters.access=unrestricted} lets it write (its default access is read-only). A web endpoint, because its answers carry HTTP
 * statuses and its keys may hold slashes.
 */
@WebEndpoint(id = "limiters", defaultAccess = Access.READ_ONLY)
public final class LimitersEndpoint {

	private static final int BAD_REQUEST = 400;

	private static final int SERVICE_UNAVAILABLE = 503;

	private final RateLimiterRegistry registry;

	private final LimitEnforcers enforcers;

	private final ConcurrencyLimiters concurrencyLimiters;

	private final FailurePolicy defaultFailurePolicy;

	private final RouteOwnLimits routeOwnLimits;

	/**
	 * Creates the endpoint.
	 * @param registry the limits
	 * @param enforcers the enforcers of the limits, with their plans and shadow mode
	 * @param concurrencyLimiters the concurrency limits
	 * @param defaultFailurePolicy the failure policy of the limits whose options name none
	 * @param routeOwnLimits the own limits of gateway routes
	 */
	public LimitersEndpoint(RateLimiterRegistry registry, LimitEnforcers enforcers,
			ConcurrencyLimiters concurrencyLimiters, FailurePolicy defaultFailurePolicy, RouteOwnLimits routeOwnLimits) {
		this.registry = registry;
		this.enforcers = enforcers;
		this.concurrencyLimiters = concurrencyLimiters;
		this.defaultFailurePolicy = defaultFailurePolicy;
		this.routeOwnLimits = routeOwnLimits;
	}

	/**
	 * Lists the limits.
	 * @return the backend and the limits by name
	 */
	@ReadOperation
	public LimitersDescriptor limiters() {
		Map<String, LimitDescriptor> limits = new LinkedHashMap<>();
		for (LimitEnforcer enforcer : this.enforcers.all()) {
			limits.put(enforcer.name(), describe(new Registered(this.registry, enforcer)));
		}
		for (Registered own : this.routeOwnLimits.all()) {
			limits.put(own.enforcer().name(), describe(own));
		}
		Map<String, ConcurrencyLimitDescriptor> concurrencyLimits = new LinkedHashMap<>();
		for (ConcurrencyLimiter limiter : this.concurrencyLimiters.all()) {
			concurrencyLimits.put(limiter.name(), ConcurrencyLimitDescriptor.of(limiter.limit()));
		}
		return new LimitersDescriptor(this.registry.backend().getClass().getSimpleName(), limits, concurrencyLimits);
	}

	private LimitDescriptor describe(Registered limit) {
		RateLimiterRegistry registry = limit.registry();
		String name = limit.enforcer().name();
		FailurePolicy failurePolicy = registry.options(name).failurePolicy();
		Map<String, PlanDescriptor> plans = new LinkedHashMap<>();
		for (String plan : registry.plans(name)) {
			if (!LimitPlanResolver.DEFAULT_PLAN.equals(plan)) {
				plans.put(plan, PlanDescriptor.of(registry.limiter(name, plan).limit()));
			}
		}
		return LimitDescriptor.of(registry.limiter(name).limit(), limit.enforcer().shadow(),
				configName(((failurePolicy != null) ? failurePolicy : this.defaultFailurePolicy).name()), plans,
				registry.options(name).global() != null);
	}

	/** Returns a configured limit or a route's own, or {@code null} when there is no limit of that name. */
	private @Nullable Registered find(String name) {
		if (this.registry.names().contains(name)) {
			return new Registered(this.registry, this.enforcers.get(name));
		}
		return this.routeOwnLimits.get(name);
	}

	/**
	 * Shows the state of one key of one limit. The key is the rest of the path, so that keys with slashes, such as
	 * the key {@code 2001:db8:1:2::/64} of an IPv6 client, can be named.
	 * @param name the limit name
	 * @param keySegments the key's path segments
	 * @return the state ({@link KeyStateDescriptor}, or {@link InFlightDescriptor} for a concurrency limit), or
	 * {@code null} (404) when there is no such limit
	 */
	@ReadOperation
	public @Nullable Object keyState(@Selector String name,
			@Selector(match = Selector.Match.ALL_REMAINING) String[] keySegments) {
		String key = String.join("/", keySegments);
		if (this.concurrencyLimiters.contains(name)) {
			ConcurrencyLimiter limiter = this.concurrencyLimiters.get(name);
			return new InFlightDescriptor(name, key, limiter.limit().maxInFlight(), limiter.inFlight(key));
		}
		Registered found = find(name);
		if (found == null) {
			return null;
		}
		String plan = found.enforcer().plan(key, null);
		RateLimiter limiter = found.registry().limiter(name, plan);
		Decision decision = limiter.peek(key);
		return new KeyStateDescriptor(name, key, plan, limiter.limit().rates().get(decision.rate()).capacity(),
				decision.remaining(), decision.resetAfterMillis(), global(found.registry(), name, key));
	}

	/**
	 * Returns what the home and the regions hold of a key of a global limit, or {@code null} for another limit.
	 */
	private static @Nullable GlobalDescriptor global(RateLimiterRegistry registry, String name, String key) {
		if (registry.options(name).global() == null || !(registry.backend() instanceof RegionalBackend regional)) {
			return null;
		}
		return GlobalDescriptor.of(regional.loans(name, key));
	}

	/**
	 * Resets one key of one limit: it starts afresh.
	 * @param name the limit name
	 * @param keySegments the key's path segments
	 * @return what was done; 404 when there is no such limit, 503 when the backend failed
	 */
	@DeleteOperation
	public WebEndpointResponse<Object> reset(@Selector String name,
			@Selector(match = Selector.Match.ALL_REMAINING) String[] keySegments) {
		return apply(name, keySegments, AdminOperation.RESET, 0);
	}

	/**
	 * Gives permits to one key of one limit, or takes them as a penalty.
	 * @param name the limit name
	 * @param keySegments the key's path segments
	 * @param operation {@code add-permits} or {@code penalty}
	 * @param permits at least 1
	 * @return what was done; 400 for a missing or bad operation or permits, 404 when there is no such limit, 503 when
	 * the backend failed
	 */
	@WriteOperation
	public WebEndpointResponse<Object> adjust(@Selector String name,
			@Selector(match = Selector.Match.ALL_REMAINING) String[] keySegments, @Nullable String operation,
			@Nullable Long permits) {
		AdminOperation chosen = (AdminOperation.ADD_PERMITS.configName().equals(operation)) ? AdminOperation.ADD_PERMITS
				: (AdminOperation.PENALTY.configName().equals(operation)) ? AdminOperation.PENALTY : null;
		if (chosen == null) {
			return error(BAD_REQUEST, "operation must be 'add-permits' or 'penalty' but was "
					+ ((operation != null) ? "'" + operation + "'" : "missing"));
		}
		if (permits == null || permits < 1) {
			return error(BAD_REQUEST, "permits of " + chosen.configName() + " must be at least 1 but was "
					+ ((permits != null) ? permits : "missing"));
		}
		return apply(name, keySegments, chosen, permits);
	}

	private WebEndpointResponse<Object> apply(String name, String[] keySegments, AdminOperation operation,
			long permits) {
		Registered found = find(name);
		if (found == null) {
			return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
		}
		String key = String.join("/", keySegments);
		String plan = found.enforcer().plan(key, null);
		RateLimiter limiter = found.registry().limiter(name, plan);
		try {
			switch (operation) {
				case RESET -> limiter.reset(key);
				case ADD_PERMITS -> limiter.addPermits(key, permits);
				case PENALTY -> limiter.penalize(key, permits);
			}
		}
		catch (LimiterBackendException ex) {
			return error(SERVICE_UNAVAILABLE, operation.configName() + " of '" + key + "' in limit '" + name
					+ "' failed: " + ex.getMessage());
		}
		return new WebEndpointResponse<>(new AdminResultDescriptor(name, key, plan, operation.configName(), permits));
	}

	private static WebEndpointResponse<Object> error(int status, String message) {
		return new WebEndpointResponse<>(new AdminErrorDescriptor(message), status);
	}

	private static String configName(String enumName) {
		return enumName.toLowerCase(java.util.Locale.ROOT).replace('_', '-');
	}

}
