package io.limiter;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

import io.limiter.integration.GuardedObserver;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.StateKeys;
import io.limiter.internal.redis.AdaptiveTimeout;

/**
 * Builds a {@link RedisBackend} ({@link RedisBackend#builder()}): where Redis is, exactly one of a standalone server,
 * cluster seeds, a Sentinel setup or a Lettuce client of the application's, and TLS (the methods it inherits); the
 * namespace of the keys, the deadlines, the failure policy and its circuit breaker, the clocks and the observer.
 * <p>
 * Where Redis is can be given as text, as configuration holds it: URLs {@code redis://[user:password@]host:port[/db]}
 * ({@code rediss://} for TLS) or {@code host:port}, comma-separated for several nodes. Text is parsed as it is set, so
 * a bad value fails here, naming the field and the value with its user info masked. It can also be given as Lettuce
 * names it, {@link io.lettuce.core.RedisURI}s, or as a client the application owns.
 */
public final class RedisBackendBuilder extends RedisConnectionSettings {

	String namespace;

	Duration timeout = RedisBackend.DEFAULT_TIMEOUT;

	Duration minimumTimeout = RedisBackend.DEFAULT_MINIMUM_TIMEOUT;

	LimiterClock clientClock;

	FailurePolicy failurePolicy = RedisBackend.DEFAULT_FAILURE_POLICY;

	int fallbackInstances;

	int breakerFailureThreshold = 5;

	Duration breakerOpenDuration = Duration.ofSeconds(1);

	LimiterObserver observer = LimiterObserver.NONE;

	LimiterClock localClock;

	boolean batching;

	int batchCallsInFlight = RedisBackend.DEFAULT_BATCH_CALLS_IN_FLIGHT;

	int batchMaxSize = RedisBackend.DEFAULT_BATCH_MAX_SIZE;

	RedisBackendBuilder() {
	}

	@Override
	RedisBackendBuilder self() {
		return this;
	}

	/**
	 * Keeps the keys and the instance heartbeat of this backend apart from those of other services on the same
	 * Redis: keys become {@code limiter:<namespace>:{<limit>:<key>}}, in the slot they have without a namespace,
	 * and only backends of one namespace share limits and count each other for the local fallback. A new namespace
	 * starts every count afresh; the old keys are left to expire.
	 * @param namespace 1 to 64 ASCII letters, digits, {@code .}, {@code _} or {@code -}; none by default
	 * @return this builder
	 * @throws IllegalArgumentException naming the value when it holds another character or is too long
	 */
	public RedisBackendBuilder namespace(String namespace) {
		this.namespace = StateKeys.checkNamespace(namespace);
		return this;
	}

	/**
	 * Sets what a decision is when Redis fails, times out, or is being skipped by the circuit breaker.
	 * @param policy the policy; {@link FailurePolicy#LOCAL_FALLBACK} by default
	 * @return this builder
	 */
	public RedisBackendBuilder failurePolicy(FailurePolicy policy) {
		this.failurePolicy = Objects.requireNonNull(policy, "failurePolicy must not be null");
		return this;
	}

	/**
	 * Sets how many instances of the service share a limit, so that under {@link FailurePolicy#LOCAL_FALLBACK} each
	 * decides with {@code ceil(capacity / instances)}. By default the backends of a namespace count each other
	 * through a heartbeat in Redis, so this is only for a fixed number.
	 * @param instances at least 1
	 * @return this builder
	 */
	public RedisBackendBuilder fallbackInstances(int instances) {
		if (instances < 1) {
			throw new IllegalArgumentException("fallbackInstances must be at least 1 but was " + instances);
		}
		this.fallbackInstances = instances;
		return this;
	}

	/**
	 * Sets when the circuit breaker of a server, or of a cluster master, opens and how long it stays open
	 * before a probe.
	 * @param consecutiveFailures failures in a row that open it, at least 1; 5 by default
	 * @param openDuration how long it refuses calls, positive; 1 s by default
	 * @return this builder
	 */
	public RedisBackendBuilder circuitBreaker(int consecutiveFailures, Duration openDuration) {
		if (consecutiveFailures < 1) {
			throw new IllegalArgumentException(
					"circuit breaker consecutiveFailures must be at least 1 but was " + consecutiveFailures);
		}
		this.breakerOpenDuration = positive("circuit breaker openDuration", openDuration);
		this.breakerFailureThreshold = consecutiveFailures;
		return this;
	}

	/**
	 * Sets who hears of Redis calls and failures, for metrics. What it throws is logged and changes nothing (see
	 * {@link LimiterObserver}).
	 * @param observer the observer
	 * @return this builder
	 */
	public RedisBackendBuilder observer(LimiterObserver observer) {
		this.observer = GuardedObserver.guard(Objects.requireNonNull(observer, "observer must not be null"));
		return this;
	}

	/**
	 * Sets the longest deadline of a Redis call, also on a client the application passed in. The deadline
	 * of each call adapts to the latency observed (a smoothed latency plus four of its deviations, doubled
	 * after each timeout), between the {@linkplain #minimumTimeout(Duration) minimum} and this; a minimum
	 * that is larger is lowered to it, so setting only this to a small value fixes the deadline.
	 * @param timeout positive; 2 s by default
	 * @return this builder
	 */
	public RedisBackendBuilder timeout(Duration timeout) {
		this.timeout = positive("timeout", timeout);
		return this;
	}

	/**
	 * Sets the shortest deadline of a Redis call, so that a run of fast answers does not make a pause of
	 * the client, such as a garbage collection, look like a failure. Equal to the
	 * {@linkplain #timeout(Duration) timeout}, the deadline is fixed.
	 * @param minimumTimeout positive; 1 s by default, as TCP's smallest retransmission timeout
	 * @return this builder
	 */
	public RedisBackendBuilder minimumTimeout(Duration minimumTimeout) {
		this.minimumTimeout = positive("minimumTimeout", minimumTimeout);
		return this;
	}

	private static Duration positive(String name, Duration value) {
		Objects.requireNonNull(value, name + " must not be null");
		if (value.isNegative() || value.isZero()) {
			throw new IllegalArgumentException(name + " must be positive but was " + value);
		}
		return value;
	}

	/**
	 * Sends this clock's time to the scripts instead of using the Redis server's {@code TIME}. A time
	 * before the one a key stores never refills it or moves its window back.
	 * @param clock the client clock
	 * @return this builder
	 */
	public RedisBackendBuilder clientClock(LimiterClock clock) {
		this.clientClock = Objects.requireNonNull(clock, "clock must not be null");
		return this;
	}

	/**
	 * Sets the clock of the decisions made in this process: the local tier's (lease expiry, retry deadlines,
	 * blocks) and the local fallback's; tests pass one they can move.
	 * Defaults to the {@linkplain #clientClock client clock} when one is set, else to {@link LimiterClock#system()}.
	 * @param clock the local clock
	 * @return this builder
	 */
	public RedisBackendBuilder localClock(LimiterClock clock) {
		this.localClock = Objects.requireNonNull(clock, "clock must not be null");
		return this;
	}

	/**
	 * Sets whether decisions that wait for the same Redis node at the same moment go out together (off by default):
	 * a decision never waits for others to come, but once {@code callsInFlight} calls to its node are unanswered, the
	 * decisions that come meanwhile leave together as soon as the earliest call answers, or at once when
	 * {@code maxSize} wait. Together is one script call per algorithm (on a cluster, per hash slot) that makes each
	 * decision exactly as its call alone would, in the order they came; each is answered as it would be alone, a
	 * failure of the call going to each through the failure policy. Limits of several rates, admin operations, the
	 * local tier's borrows and concurrency permits always go alone. See {@link #batching(int, int)} for the bounds.
	 * @param enabled {@code false} to send every decision as a call of its own
	 * @return this builder
	 */
	public RedisBackendBuilder batching(boolean enabled) {
		this.batching = enabled;
		return this;
	}

	/**
	 * Turns {@linkplain #batching(boolean) batching} on with these bounds.
	 * @param callsInFlight how many calls may be unanswered by a node before further decisions for it wait to go
	 * together, 1 to {@value RedisBackend#MAX_BATCH_CALLS_IN_FLIGHT}; {@value RedisBackend#DEFAULT_BATCH_CALLS_IN_FLIGHT}
	 * by default
	 * @param maxSize the most decisions in one script call, 2 to {@value RedisBackend#MAX_BATCH_SIZE}: a script
	 * holds the server for every client while it runs; {@value RedisBackend#DEFAULT_BATCH_MAX_SIZE} by default
	 * @return this builder
	 * @throws IllegalArgumentException naming the field and the value when one is out of its range
	 */
	public RedisBackendBuilder batching(int callsInFlight, int maxSize) {
		if (callsInFlight < 1 || callsInFlight > RedisBackend.MAX_BATCH_CALLS_IN_FLIGHT) {
			throw new IllegalArgumentException("batching callsInFlight must be between 1 and "
					+ RedisBackend.MAX_BATCH_CALLS_IN_FLIGHT + " but was " + callsInFlight);
		}
		if (maxSize < 2 || maxSize > RedisBackend.MAX_BATCH_SIZE) {
			throw new IllegalArgumentException(
					"batching maxSize must be between 2 and " + RedisBackend.MAX_BATCH_SIZE + " but was " + maxSize);
		}
		this.batching = true;
		this.batchCallsInFlight = callsInFlight;
		this.batchMaxSize = maxSize;
		return this;
	}

	/**
	 * Builds the backend; the connection opens in the background, and a call made before it is open waits
	 * for it within the call's deadline.
	 * @return the backend
	 * @throws IllegalStateException when no server, or more than one kind of server, was named
	 */
	public RedisBackend build() {
		Duration floor = (this.minimumTimeout.compareTo(this.timeout) > 0) ? this.timeout : this.minimumTimeout;
		ScheduledExecutorService background = LimiterThreads.newScheduler("limiter-redis");
		return new RedisBackend(executor(new AdaptiveTimeout(floor, this.timeout), background), background, this);
	}

}
