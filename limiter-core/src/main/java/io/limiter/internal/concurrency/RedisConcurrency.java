package io.limiter.internal.concurrency;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.IntSupplier;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.FailurePolicy;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.integration.ThrottledLog;
import io.limiter.internal.StateKeys;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.failure.CircuitBreakers;
import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * What the concurrency limiters of one Redis backend share: the scripts, the connection, the breakers, the count of
 * instances for the failure policy's share, the ids of holders, the releases waiting to be sent, and the background
 * threads that renew leases and send releases. Closing it stops every renewal and sends the releases still queued;
 * permits still open count until their lease ends, as those of a process that died.
 */
public final class RedisConcurrency implements AutoCloseable {

	static final RedisScript ACQUIRE = RedisScript.load(RedisConcurrency.class, "concurrency-acquire.lua");

	static final RedisScript RELEASE = RedisScript.load(RedisConcurrency.class, "concurrency-release.lua");

	static final RedisScript RENEW = RedisScript.load(RedisConcurrency.class, "concurrency-renew.lua");

	/** The suffix of a concurrency limit's key, after {@link StateKeys#stateKey}. */
	static final String KEY_SUFFIX = ":inflight";

	final StateKeys keys;

	final ScriptExecutor scripts;

	final LimiterClock clientClock;

	final long syncWaitMillis;

	final IntSupplier instances;

	final CircuitBreakers breakers;

	final BiFunction<String, String, CircuitBreaker> breakerOf;

	final LimiterObserver observer;

	final ThrottledLog log;

	final ScheduledExecutorService background;

	final PendingReleases releases;

	private final String instanceId = UUID.randomUUID().toString();

	private final AtomicLong holders = new AtomicLong();

	private final List<RedisConcurrencyLimiter> limiters = new CopyOnWriteArrayList<>();

	/**
	 * Creates the shared part and loads the scripts.
	 * @param keys the keys of the backend's namespace
	 * @param scripts runs the scripts
	 * @param clientClock the time sent to the scripts, or {@code null} for the server's {@code TIME}
	 * @param syncWait the longest a synchronous call waits
	 * @param instances how many instances share each limit, for {@link FailurePolicy#LOCAL_FALLBACK}
	 * @param breakers the backend's breakers
	 * @param breakerOf the breaker of the node that serves a limit name's user key now
	 * @param observer told of every decision, release and failure
	 * @param log the backend's throttled log
	 * @param background renews the leases
	 */
	public RedisConcurrency(StateKeys keys, ScriptExecutor scripts, LimiterClock clientClock, Duration syncWait,
			IntSupplier instances, CircuitBreakers breakers, BiFunction<String, String, CircuitBreaker> breakerOf,
			LimiterObserver observer, ThrottledLog log, ScheduledExecutorService background) {
		this.keys = keys;
		this.scripts = scripts;
		this.clientClock = clientClock;
		this.syncWaitMillis = syncWait.toMillis();
		this.instances = instances;
		this.breakers = breakers;
		this.breakerOf = breakerOf;
		this.observer = observer;
		this.log = log;
		this.background = background;
		this.releases = new PendingReleases(scripts, background, (release) -> !isBreakerOpen(release.name(),
				release.key()), log);
		scripts.load(ACQUIRE);
		scripts.load(RELEASE);
		scripts.load(RENEW);
	}

	/**
	 * Builds the limiter of a name and starts renewing its leases.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param policy what decides while Redis fails
	 * @return the limiter
	 */
	public ConcurrencyLimiter limiter(String name, ConcurrencyLimit limit, FailurePolicy policy) {
		RedisConcurrencyLimiter limiter = new RedisConcurrencyLimiter(name, limit, policy, this);
		this.limiters.add(limiter);
		return limiter;
	}

	/** {@return a new holder id, unique across every instance} */
	String nextHolder() {
		return this.instanceId + ':' + Long.toString(this.holders.incrementAndGet(), 36);
	}

	/**
	 * Returns whether the breaker of the node that serves a key is open, so that nothing is sent to it.
	 * @param name the limit's name
	 * @param key the user's key
	 * @return {@code true} while it is open
	 */
	boolean isBreakerOpen(String name, String key) {
		return !this.breakers.allHealthy() && this.breakerOf.apply(name, key).isOpen();
	}

	/**
	 * Stops every renewal and sends the releases still queued, waiting for Redis' answer at most the synchronous
	 * wait; permits still open are left to their leases.
	 */
	@Override
	public void close() {
		for (RedisConcurrencyLimiter limiter : this.limiters) {
			limiter.close();
		}
		try {
			this.releases.flushAll().get(this.syncWaitMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException | TimeoutException ex) {
			// the releases not answered are left to their leases, as PendingReleases logged
		}
	}

}
