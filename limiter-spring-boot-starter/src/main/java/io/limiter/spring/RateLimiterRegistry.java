package io.limiter.spring;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiter;

/**
 * The configured limits by name, each as a {@link RateLimiter} of one backend. The servlet filter and the
 * {@link RateLimited} aspect look their limiters up here on every decision, so {@link #update(String, Limit)}
 * takes effect at once.
 * <p>
 * An update keeps the state of existing keys, on every backend alike: the backend reads each key's stored state
 * with the new numbers (see {@link LimiterBackend} on changing a limit), and releases the old limiter's local
 * tier and local fallback. A change of algorithm starts every key afresh. Filter rules and methods declare the
 * permits they take per request ({@link #requireCapacity(String, long, String)}), and an update never lowers a
 * capacity below one of them, so no request asks for more than its limit can grant.
 */
public final class RateLimiterRegistry {

	private final LimiterBackend backend;

	private final Map<String, RateLimiter> limiters = new ConcurrentHashMap<>();

	private final Map<String, Cost> largestCosts = new ConcurrentHashMap<>();

	private final Map<String, LimiterOptions> options;

	private final Set<String> names;

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
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits, Map<String, LimiterOptions> options) {
		this.backend = Objects.requireNonNull(backend, "backend must not be null");
		this.options = Map.copyOf(options);
		Map<String, Limit> ordered = new LinkedHashMap<>(limits);
		ordered.forEach((name, limit) -> this.limiters.put(name, backend.limiter(name, limit, optionsOf(name))));
		this.names = Collections.unmodifiableSet(ordered.keySet());
	}

	private LimiterOptions optionsOf(String name) {
		return this.options.getOrDefault(name, LimiterOptions.defaults());
	}

	/**
	 * Returns the limiter of a limit.
	 * @param name the limit name
	 * @return the limiter with the limit's current settings
	 * @throws IllegalArgumentException naming the limit and the known ones when there is no such limit
	 */
	public RateLimiter limiter(String name) {
		RateLimiter limiter = this.limiters.get(name);
		if (limiter == null) {
			throw new IllegalArgumentException("no limit named '" + name + "'; the limits are " + this.names);
		}
		return limiter;
	}

	/**
	 * Returns the names of the limits, in configuration order.
	 * @return the names
	 */
	public Set<String> names() {
		return this.names;
	}

	/**
	 * Returns the backend that keeps the state of the limits.
	 * @return the backend
	 */
	public LimiterBackend backend() {
		return this.backend;
	}

	/**
	 * Records that a caller takes this many permits of a limit on each request, so that no update lowers the
	 * limit's capacity below it.
	 * @param name the name of a configured limit
	 * @param cost the permits taken per request
	 * @param user who takes them, for messages: a filter rule's property, a method
	 * @throws IllegalArgumentException naming the limit, its capacity, the cost and the user when the cost is
	 * above the capacity, or when there is no such limit
	 */
	public synchronized void requireCapacity(String name, long cost, String user) {
		long capacity = limiter(name).limit().maxPermits();
		if (cost > capacity) {
			throw new IllegalArgumentException(
					user + " takes " + cost + " permits, more than the capacity " + capacity + " of limit '" + name + "'");
		}
		this.largestCosts.merge(name, new Cost(cost, user), (kept, added) -> (added.permits() > kept.permits()) ? added : kept);
	}

	/**
	 * Changes the settings of a limit, keeping the state of its keys (see the class description).
	 * @param name the name of a configured limit
	 * @param limit the new settings
	 * @return the limiter with the new settings
	 * @throws IllegalArgumentException when there is no such limit, or when the new capacity is below the permits
	 * that a filter rule or method takes per request (naming them)
	 */
	public synchronized RateLimiter update(String name, Limit limit) {
		Objects.requireNonNull(limit, "limit must not be null");
		RateLimiter previous = limiter(name);
		if (previous.limit().equals(limit)) {
			return previous;
		}
		Cost largest = this.largestCosts.get(name);
		if (largest != null && limit.maxPermits() < largest.permits()) {
			throw new IllegalArgumentException("limit '" + name + "' cannot have capacity " + limit.maxPermits() + ": "
					+ largest.user() + " takes " + largest.permits() + " permits per request");
		}
		RateLimiter next = this.backend.limiter(name, limit, optionsOf(name));
		this.limiters.put(name, next);
		return next;
	}

	/** The largest number of permits one user of a limit takes per request, and who. */
	private record Cost(long permits, String user) {
	}

}
