package io.limiter.spring;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterClock;
import io.limiter.LimiterOptions;
import io.limiter.RateLimiter;

/**
 * The configured limits by name, each as a {@link RateLimiter} of one backend. The servlet filter and the
 * {@link RateLimited} aspect look their limiters up here on every decision, so {@link #update(String, Limit)}
 * takes effect at once.
 * <p>
 * An update keeps the state of existing keys. On Redis the state of a key lives under the limit's name
 * whatever its settings, so the new settings apply to the stored state as it is. In memory
 * ({@link InMemoryBackend}) each key carries its remaining permits over: on its first decision after the
 * update, within two periods of the old limit, a key that was not full starts from the permits it had left
 * (at most the new capacity) instead of a full bucket. {@link InMemoryBackend} keeps one state map per name
 * and settings, so the old settings' map stays in memory (bounded as always) until the backend is closed.
 */
public final class RateLimiterRegistry {

	private final LimiterBackend backend;

	private final LimiterClock clock;

	private final Map<String, RateLimiter> limiters = new ConcurrentHashMap<>();

	private final Map<String, LimiterOptions> options;

	private final Set<String> names;

	/**
	 * Creates a registry on the system clock.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits) {
		this(backend, limits, LimiterClock.system());
	}

	/**
	 * Creates a registry.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name
	 * @param clock the clock that ends the carry-over of in-memory state after an update
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits, LimiterClock clock) {
		this(backend, limits, Map.of(), clock);
	}

	/**
	 * Creates a registry whose limits may have options: a local tier, their own failure policy.
	 * @param backend where the state of the limits lives
	 * @param limits the limits by name
	 * @param options the options of the limits that have some, by name
	 * @param clock the clock that ends the carry-over of in-memory state after an update
	 */
	public RateLimiterRegistry(LimiterBackend backend, Map<String, Limit> limits, Map<String, LimiterOptions> options,
			LimiterClock clock) {
		this.backend = Objects.requireNonNull(backend, "backend must not be null");
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
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
	 * Changes the settings of a limit, keeping the state of its keys (see the class description).
	 * @param name the name of a configured limit
	 * @param limit the new settings
	 * @return the limiter with the new settings
	 * @throws IllegalArgumentException when there is no such limit
	 */
	public synchronized RateLimiter update(String name, Limit limit) {
		Objects.requireNonNull(limit, "limit must not be null");
		RateLimiter previous = limiter(name);
		if (previous.limit().equals(limit)) {
			return previous;
		}
		RateLimiter next = this.backend.limiter(name, limit, optionsOf(name));
		if (this.backend instanceof InMemoryBackend) {
			next = new CarryOverRateLimiter(previous, next, this.clock);
		}
		this.limiters.put(name, next);
		return next;
	}

}
