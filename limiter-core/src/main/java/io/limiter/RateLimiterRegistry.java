package io.limiter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The configured limits by name, each as a {@link RateLimiter} of one backend, or as several when the limit has
 * plans: one limiter per plan, the limit's own numbers being the {@linkplain #DEFAULT_PLAN default plan}, all sharing
 * the state of every key (see {@link LimiterBackend#limiters(String, List, LimiterOptions)}). Whoever enforces the
 * limits (the Spring Boot starter's filters and aspect) looks their limiters up here on every decision, so
 * {@link #update(String, String, Limit)} takes effect at once.
 * <p>
 * An update keeps the state of existing keys, on every backend alike: the backend reads each key's stored state
 * with the new numbers (see {@link LimiterBackend} on changing a limit), and releases the old limiter's local
 * tier and local fallback. A change of algorithm starts every key afresh; the plans of a limit share one
 * algorithm, so they change it together ({@link #update(Map)}) or not at all. Filter rules and methods declare the
 * permits they take per request ({@link #requireCapacity(String, long, String)}), and an update never lowers a
 * capacity of any plan below one of them, so no request asks for more than its limit can grant.
 * <p>
 * A limit is defined when the registry is made, or on demand by {@link #limiter(String, Limit)}: asked for again with
 * the same limit and options, the registry returns the same limiter; with others, it refuses with an
 * {@link IllegalArgumentException} naming the limit and both definitions, as Resilience4j's registries do.
 * {@code update} is the one way to change a limit: the backends of Limiter change a limit only for their registry,
 * and refuse limiters of a registry's limit name with other settings ({@link LimiterBackend} on one setting per name),
 * so two settings never decide the same keys unnoticed. Every name a method is given must be a limit of the registry:
 * an unknown one fails with an {@link IllegalArgumentException} naming it and the known ones.
 * <pre>{@code
 * Duration minute = Duration.ofMinutes(1);
 * RateLimiterRegistry limits = new RateLimiterRegistry(backend, Map.of());
 * limits.limiter("api", Limit.of(Algorithm.GCRA, 100, minute)).tryAcquire("user-42");
 * limits.limiter("api").tryAcquire("user-42");                   // the same limiter
 * limits.update("api", Limit.of(Algorithm.GCRA, 200, minute));   // keys keep their state
 * }</pre>
 * <p>
 * Its size is the plans and the checks that keep every update within what callers take per request.
 */
public final class RateLimiterRegistry {

	/** The name of a limit's own numbers among its plans. */
	public static final String DEFAULT_PLAN = "default";

	private final LimiterBackend backend;

	/** The limiters of each limit by plan, the default plan first; each map is replaced whole by an update. */
	private final Map<String, Map<String, RateLimiter>> limiters = new ConcurrentHashMap<>();

	private final Map<String, Cost> largestCosts = new ConcurrentHashMap<>();

	private final Map<String, LimiterOptions> options = new ConcurrentHashMap<>();

	/** The names of the limits in the order they were defined; replaced whole when a limit is defined on demand. */
	private volatile Set<String> names;

	/**
	 * Creates a registry.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits) {
		this(backend, limits, Map.of());
	}

	/**
	 * Creates a registry whose limits may have options: a local tier, their own failure policy.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name
	 * @param options the options of the limits that have some, by name
	 * @throws IllegalArgumentException naming the name and the limits when options are given for a limit that does not
	 * exist
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits, Map<String, LimiterOptions> options) {
		this(backend, limits, Map.of(), options);
	}

	/**
	 * Creates a registry whose limits may have plans and options.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name, each its own default plan
	 * @param plans the named plans of the limits that have some, by limit name and plan name: limits of the limit's
	 * algorithm, named neither {@value #DEFAULT_PLAN} nor blank
	 * @param options the options of the limits that have some, by name
	 * @throws IllegalArgumentException naming the limit and plan when plans or options are given for a limit that does
	 * not exist, a plan's name is reserved or blank, or a plan's algorithm is not its limit's
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits, Map<String, Map<String, Limit>> plans,
			Map<String, LimiterOptions> options) {
		this.backend = Objects.requireNonNull(backend, "backend must not be null");
		Map<String, Limit> ordered = new LinkedHashMap<>(limits);
		checkKnown("plans", plans.keySet(), ordered.keySet());
		checkKnown("options", options.keySet(), ordered.keySet());
		this.options.putAll(options);
		ordered.forEach((name, limit) -> {
			Map<String, Limit> byPlan = new LinkedHashMap<>();
			byPlan.put(DEFAULT_PLAN, limit);
			plans.getOrDefault(name, Map.of())
				.forEach((plan, planLimit) -> byPlan.put(checkPlanName(name, plan), planLimit));
			List<RateLimiter> created = this.backend.limiters(name, List.copyOf(byPlan.values()), optionsOf(name));
			this.limiters.put(name, byPlan(byPlan, created));
		});
		this.names = Collections.unmodifiableSet(new LinkedHashSet<>(ordered.keySet()));
	}

	private static void checkKnown(String given, Set<String> names, Set<String> known) {
		for (String name : names) {
			if (!known.contains(name)) {
				throw new IllegalArgumentException(given + " are given for limit '" + name + "', which does not exist;"
						+ " the limits are " + known);
			}
		}
	}

	private static String checkPlanName(String name, String plan) {
		if (plan == null || plan.isBlank() || DEFAULT_PLAN.equals(plan)) {
			throw new IllegalArgumentException("limit '" + name + "' cannot have a plan named '" + plan + "': '"
					+ DEFAULT_PLAN + "' is the limit's own numbers, and a name must not be blank");
		}
		return plan;
	}

	private static Map<String, RateLimiter> byPlan(Map<String, Limit> byPlan, List<RateLimiter> created) {
		Map<String, RateLimiter> limiters = new LinkedHashMap<>();
		int index = 0;
		for (String plan : byPlan.keySet()) {
			limiters.put(plan, created.get(index++));
		}
		return Collections.unmodifiableMap(limiters);
	}

	/**
	 * Returns the limiter of a limit with the {@linkplain LimiterOptions#defaults() default options}, defining the
	 * limit when the registry does not have it yet: see {@link #limiter(String, Limit, LimiterOptions)}.
	 * @param name the limit name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @return the limiter of the limit's default plan
	 * @throws IllegalArgumentException when the name is invalid, or the registry has another definition of it (naming
	 * the limit and both definitions)
	 */
	public RateLimiter limiter(String name, Limit limit) {
		return limiter(name, limit, LimiterOptions.defaults());
	}

	/**
	 * Returns the limiter of a limit, defining the limit when the registry does not have it yet: asked for again with
	 * the same limit and options (those of its default plan, after any {@linkplain #update(String, Limit) update}),
	 * it returns the same limiter, which {@link #limiter(String)} also returns; asked for with others, it refuses,
	 * since a limit has one definition and changes only by an update.
	 * @param name the limit name: 1 to 64 characters, no braces, no whitespace, no control characters
	 * @param limit the limit
	 * @param options how to run it, for example with a {@link LocalTier}
	 * @return the limiter of the limit's default plan
	 * @throws IllegalArgumentException when the name is invalid, when the registry has another definition of it
	 * (naming the limit and both definitions), or when the backend has another setting of the name
	 */
	public RateLimiter limiter(String name, Limit limit, LimiterOptions options) {
		Objects.requireNonNull(name, "name must not be null");
		Objects.requireNonNull(limit, "limit must not be null");
		Objects.requireNonNull(options, "options must not be null");
		Map<String, RateLimiter> plans = this.limiters.get(name);
		if (plans == null) {
			plans = define(name, limit, options);
		}
		RateLimiter limiter = plans.get(DEFAULT_PLAN);
		if (!limiter.limit().equals(limit) || !optionsOf(name).equals(options)) {
			throw new IllegalArgumentException("limit '" + name + "' is defined as " + limiter.limit() + " with "
					+ optionsOf(name) + ", so it cannot be defined as " + limit + " with " + options
					+ ": a limit has one definition, changed by update(name, limit)");
		}
		return limiter;
	}

	private synchronized Map<String, RateLimiter> define(String name, Limit limit, LimiterOptions options) {
		Map<String, RateLimiter> defined = this.limiters.get(name);
		if (defined != null) {
			return defined;
		}
		RateLimiter created = this.backend.limiters(name, List.of(limit), options).get(0);
		if (!options.equals(LimiterOptions.defaults())) {
			this.options.put(name, options);
		}
		defined = Map.of(DEFAULT_PLAN, created);
		this.limiters.put(name, defined);
		Set<String> names = new LinkedHashSet<>(this.names);
		names.add(name);
		this.names = Collections.unmodifiableSet(names);
		return defined;
	}

	/**
	 * Returns the limiter of a limit's default plan.
	 * @param name the limit name
	 * @return the limiter with the limit's current settings
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public RateLimiter limiter(String name) {
		return limiter(name, DEFAULT_PLAN);
	}

	/**
	 * Returns the limiter of one plan of a limit.
	 * @param name the limit name
	 * @param plan the plan name, {@value #DEFAULT_PLAN} for the limit's own numbers
	 * @return the limiter with the plan's current settings
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit, or the plan
	 * and the limit's plans when the limit has no such plan
	 */
	public RateLimiter limiter(String name, String plan) {
		RateLimiter limiter = plansOf(name).get(plan);
		if (limiter == null) {
			throw new IllegalArgumentException(
					"limit '" + name + "' has no plan named '" + plan + "'; its plans are " + plans(name));
		}
		return limiter;
	}

	/**
	 * Returns the plans of a limit: {@value #DEFAULT_PLAN} first, then its named plans in
	 * configuration order.
	 * @param name the limit name
	 * @return the plan names, only the default for a limit without plans
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public Set<String> plans(String name) {
		return plansOf(name).keySet();
	}

	private Map<String, RateLimiter> plansOf(String name) {
		Map<String, RateLimiter> plans = this.limiters.get(name);
		if (plans == null) {
			throw new IllegalArgumentException("no limit named '" + name + "'; the limits are " + this.names);
		}
		return plans;
	}

	/**
	 * Returns the options of a limit's limiters.
	 * @param name the limit name
	 * @return the options given for the limit, else {@link LimiterOptions#defaults()}
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public LimiterOptions options(String name) {
		plansOf(name);
		return optionsOf(name);
	}

	private LimiterOptions optionsOf(String name) {
		return this.options.getOrDefault(name, LimiterOptions.defaults());
	}

	/** {@return the names of the limits, in the order they were defined: configured first, then on demand} */
	public Set<String> names() {
		return this.names;
	}

	/** {@return the backend that keeps the state of the limits} */
	public LimiterBackend backend() {
		return this.backend;
	}

	/**
	 * Records that a caller (a filter rule, an annotated method, or application code that calls the limiter itself)
	 * takes this many permits of a limit on each request, so that no update lowers the capacity of any of the limit's
	 * plans below it.
	 * @param name the name of a configured limit
	 * @param cost the permits taken per request
	 * @param user who takes them, for messages: a filter rule's property, a method
	 * @throws IllegalArgumentException naming the limit, the plan, its capacity, the cost and the user when the cost
	 * is above the capacity of a plan, or when there is no such limit
	 */
	public synchronized void requireCapacity(String name, long cost, String user) {
		for (Map.Entry<String, RateLimiter> plan : plansOf(name).entrySet()) {
			long capacity = plan.getValue().limit().maxPermits();
			if (cost > capacity) {
				throw new IllegalArgumentException(user + " takes " + cost + " permits, more than the capacity "
						+ capacity + " of limit '" + name + "'" + planSuffix(plan.getKey()));
			}
		}
		this.largestCosts.merge(name, new Cost(cost, user), (kept, added) -> (added.permits() > kept.permits()) ? added : kept);
	}

	private static String planSuffix(String plan) {
		return DEFAULT_PLAN.equals(plan) ? "" : " (plan '" + plan + "')";
	}

	/**
	 * Changes the settings of a limit's default plan, keeping the state of its keys (see the class description).
	 * @param name the name of a configured limit
	 * @param limit the new settings
	 * @return the limiter with the new settings
	 * @throws IllegalArgumentException when there is no such limit, or when the new capacity is below the permits
	 * that a filter rule or method takes per request (naming them)
	 */
	public RateLimiter update(String name, Limit limit) {
		return update(name, DEFAULT_PLAN, limit);
	}

	/**
	 * Changes the settings of one plan of a limit, keeping the state of its keys (see the class description).
	 * @param name the name of a configured limit
	 * @param plan the plan, {@value #DEFAULT_PLAN} for the limit's own numbers
	 * @param limit the new settings
	 * @return the limiter with the new settings
	 * @throws IllegalArgumentException when there is no such limit or plan, when the new capacity is below the permits
	 * that a filter rule or method takes per request (naming them), or when the limit has other plans and the new
	 * algorithm is not theirs
	 */
	public synchronized RateLimiter update(String name, String plan, Limit limit) {
		Objects.requireNonNull(limit, "limit must not be null");
		update(Map.of(name, Map.of(plan, limit)));
		return limiter(name, plan);
	}

	/**
	 * Changes several limits and plans as one, keeping the state of their keys (see the class description): checks
	 * every change as {@link #update(String, String, Limit)} does, then applies them all, or none when one is refused.
	 * Each limit changes at once, all its plans together, so the plans of a limit may change their algorithm when
	 * they all change to the same one (its keys start afresh); a decision made while the changes apply may see some
	 * limits changed and others not yet.
	 * @param changes the new settings by limit name and plan name ({@value #DEFAULT_PLAN} for a limit's own numbers);
	 * plans left out keep theirs
	 * @throws IllegalArgumentException naming the limit and plan of the first change refused: there is no such limit
	 * or plan, the new capacity is below the permits that a filter rule or method takes per request (naming them), or
	 * the plans of a limit would not share one algorithm; nothing is changed then
	 */
	public synchronized void update(Map<String, Map<String, Limit>> changes) {
		Map<String, Map<String, Limit>> next = new LinkedHashMap<>();
		changes.forEach((name, byPlan) -> {
			Map<String, Limit> merged = checked(name, byPlan);
			if (merged != null) {
				next.put(name, merged);
			}
		});
		next.forEach((name, byPlan) -> {
			List<RateLimiter> updated = backendUpdate(this.backend, name, List.copyOf(byPlan.values()), optionsOf(name));
			this.limiters.put(name, byPlan(byPlan, updated));
		});
	}

	/**
	 * Changes the setting of a name on the backend: only Limiter's own backends change a limit, and only for their
	 * registry, so that the registry hands out the new limiters and keeps them within what callers take per request.
	 */
	static List<RateLimiter> backendUpdate(LimiterBackend backend, String name, List<Limit> limits,
			LimiterOptions options) {
		if (backend instanceof InMemoryBackend memory) {
			return memory.update(name, limits, options);
		}
		if (backend instanceof RedisBackend redis) {
			return redis.update(name, limits, options);
		}
		if (backend instanceof RegionalBackend regional) {
			return regional.update(name, limits, options);
		}
		throw new UnsupportedOperationException("limit '" + name + "' cannot change on " + backend.getClass().getName()
				+ ": only InMemoryBackend, RedisBackend and RegionalBackend change their limits");
	}

	/**
	 * Returns a limit's plans with the changes made, or {@code null} when the changes change nothing.
	 * @throws IllegalArgumentException when a change is refused
	 */
	private Map<String, Limit> checked(String name, Map<String, Limit> changes) {
		Map<String, Limit> merged = new LinkedHashMap<>();
		plansOf(name).forEach((plan, limiter) -> merged.put(plan, limiter.limit()));
		boolean changed = false;
		Cost largest = this.largestCosts.get(name);
		for (Map.Entry<String, Limit> change : changes.entrySet()) {
			String plan = change.getKey();
			Limit limit = Objects.requireNonNull(change.getValue(), "limit must not be null");
			if (limiter(name, plan).limit().equals(limit)) {
				continue;
			}
			if (largest != null && limit.maxPermits() < largest.permits()) {
				throw new IllegalArgumentException("limit '" + name + "'" + planSuffix(plan) + " cannot have capacity "
						+ limit.maxPermits() + ": " + largest.user() + " takes " + largest.permits()
						+ " permits per request");
			}
			merged.put(plan, limit);
			changed = true;
		}
		if (merged.values().stream().map(Limit::algorithm).distinct().count() > 1) {
			Map<String, String> algorithms = new LinkedHashMap<>();
			merged.forEach((plan, limit) -> algorithms.put(plan, limit.algorithm().configName()));
			throw new IllegalArgumentException("the plans of limit '" + name + "' must share one algorithm, since they"
					+ " share the state of every key; with the changes they would have " + algorithms);
		}
		return changed ? merged : null;
	}

	/** The largest number of permits one user of a limit takes per request, and who. */
	private record Cost(long permits, String user) {
	}

}
