package io.limiter.internal.memory;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.integration.ThrottledLog;
import io.limiter.internal.algorithm.LimitAlgorithm;

/**
 * The in-memory key states of every limit name of a backend: limiters of one name share them whatever their capacity
 * and period, so that a change of the limit keeps each key's state; a limiter of another algorithm replaces them, so
 * its keys start afresh and the old states are released (limiters of the old algorithm keep deciding on them alone).
 * <p>
 * Every state evicted while its key still owed is told to the observer and, at most once per 10 seconds, logged as a
 * warning that names the limit and the setting of its maximum.
 */
public final class InMemoryStates {

	private static final Duration EVICTION_LOG_INTERVAL = Duration.ofSeconds(10);

	private final LimiterClock clock;

	private final int maximumKeysPerLimit;

	private final String maximumSetting;

	private final LimiterObserver observer;

	private final ThrottledLog evictionLog;

	private final Map<String, LimitStates> byName = new ConcurrentHashMap<>();

	/**
	 * Creates the states of a backend.
	 * @param clock the time of every decision
	 * @param maximumKeysPerLimit the most keys whose state one name keeps
	 * @param maximumSetting where that maximum is set, for the log
	 * @param observer told of every state evicted while its key still owed
	 */
	public InMemoryStates(LimiterClock clock, int maximumKeysPerLimit, String maximumSetting,
			LimiterObserver observer) {
		this.clock = clock;
		this.maximumKeysPerLimit = maximumKeysPerLimit;
		this.maximumSetting = maximumSetting;
		this.observer = observer;
		this.evictionLog = new ThrottledLog(System.getLogger("io.limiter"), EVICTION_LOG_INTERVAL, clock);
	}

	/**
	 * Returns the decisions on the states of a name, whose grants' receipts have no issuer.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @return the decisions
	 */
	public InMemoryDecisionSource source(String name, Limit limit) {
		return source(name, limit, null);
	}

	/**
	 * Returns the decisions of a limiter on the states of its name.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param issuer the issuer of its grants' receipts, {@code null} for none
	 * @return the limiter's decisions
	 */
	public InMemoryDecisionSource source(String name, Limit limit, Object issuer) {
		LimitAlgorithm algorithm = LimitAlgorithm.of(limit.algorithm());
		LimitStates states = this.byName.compute(name, (key, existing) -> (existing != null
				&& existing.algorithm() == algorithm) ? existing
						: new LimitStates(algorithm, this.maximumKeysPerLimit, evictionsOf(name)));
		return new InMemoryDecisionSource(limit, this.clock, states, issuer);
	}

	private Consumer<EvictionCost> evictionsOf(String name) {
		return (cost) -> {
			this.observer.onMemoryOverflow(name);
			this.evictionLog.log(Level.WARNING, () -> "In-memory limit '" + name + "' is full of keys that still owe ("
					+ this.maximumKeysPerLimit + ", " + this.maximumSetting
					+ "): evicted the state of the key that owed least, which may be granted again the "
					+ cost.permits() + " permit(s) it owed for the next " + cost.millis() + " ms");
		};
	}

	/** Forgets every state. */
	public void clear() {
		this.byName.clear();
	}

}
