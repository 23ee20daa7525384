package io.limiter.internal.regions;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;

import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.internal.StateKeys;
import io.limiter.internal.Waits;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.redis.InstanceHeartbeat;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.ObservedScriptExecutor;
import io.limiter.internal.redis.RedisCalls;
import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * The home Redis as a region sees it: its connection, its circuit breaker, and the region's heartbeat in the home's
 * set of regions, which counts the regions that share each global limit when the home cannot be reached. Every call
 * to the home passes the breaker: while it is open, calls fail at once with {@link DegradedReason#CIRCUIT_OPEN}.
 */
public final class Home implements AutoCloseable {

	private final LettuceScriptExecutor<?> executor;

	private final ScriptExecutor scripts;

	private final ScriptExecutor guarded = new ScriptExecutor() {

		@Override
		public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
			return Home.this.execute(script, keys, args);
		}

		@Override
		public CompletionStage<Void> load(RedisScript script) {
			return Home.this.scripts.load(script);
		}

		@Override
		public void close() {
		}

	};

	private final Waits waits;

	private final CircuitBreaker breaker;

	private final Duration timeout;

	private final InstanceHeartbeat regions;

	private final LimiterBackendException circuitOpen = new LimiterBackendException(
			"the circuit breaker of the home is open after repeated failures", null, DegradedReason.CIRCUIT_OPEN);

	/**
	 * Creates the home's side of a region and starts the region's heartbeat.
	 * @param region this region's name
	 * @param executor the connection to the home, opening in the background
	 * @param background the scheduler of the connection, the heartbeat and the borrows, shut down by {@link #close()}
	 * @param keys the keys of the region's namespace, which the home's keys use too
	 * @param timeout the longest deadline of a call to the home
	 * @param breaker the home's circuit breaker
	 * @param observer told of every call to the home
	 */
	public Home(String region, LettuceScriptExecutor<?> executor, ScheduledExecutorService background, StateKeys keys,
			Duration timeout, CircuitBreaker breaker, LimiterObserver observer) {
		this.executor = executor;
		this.scripts = (observer == LimiterObserver.NONE) ? executor : new ObservedScriptExecutor(executor, observer);
		this.waits = new Waits(background);
		this.breaker = breaker;
		this.timeout = timeout;
		for (RedisScript script : RegionScripts.HOME) {
			executor.load(script);
		}
		this.regions = new InstanceHeartbeat(executor, keys.regionsKey(), region, background);
	}

	/**
	 * Returns the home's scripts behind its breaker: a call the breaker refuses fails at once with
	 * {@link DegradedReason#CIRCUIT_OPEN}, and each answer or failure that tells whether the home is up moves the
	 * breaker.
	 * @return the executor; closing it closes nothing
	 */
	ScriptExecutor scripts() {
		return this.guarded;
	}

	private CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		if (!this.breaker.tryPass()) {
			return CompletableFuture.failedFuture(this.circuitOpen);
		}
		return this.scripts.execute(script, keys, args).handle((reply, failure) -> {
			if (failure == null) {
				this.breaker.onSuccess();
				return reply;
			}
			if (RedisCalls.failure("", failure).reason() != DegradedReason.INTERRUPTED) {
				this.breaker.onFailure();
			}
			throw (failure instanceof CompletionException known) ? known : new CompletionException(failure);
		});
	}

	/** {@return the home's circuit breaker} */
	CircuitBreaker breaker() {
		return this.breaker;
	}

	/** {@return the longest a call to the home takes before it fails} */
	Duration timeout() {
		return this.timeout;
	}

	/** {@return the waits on the home's scheduler, which also runs the borrows' continuations} */
	Waits waits() {
		return this.waits;
	}

	/** {@return how many regions beat at the home, this one included, as last seen; at least 1} */
	int regions() {
		return this.regions.instances();
	}

	/**
	 * Returns whether the connection to the home is open now.
	 * @return {@code true} while connected
	 */
	public boolean isConnected() {
		return this.executor.isConnected();
	}

	/**
	 * Waits until the connection to the home is open.
	 * @param timeout the longest wait
	 * @return {@code true} once connected
	 * @throws InterruptedException when interrupted while waiting
	 */
	public boolean awaitConnection(Duration timeout) throws InterruptedException {
		return this.executor.awaitConnection(timeout);
	}

	/**
	 * Stops the heartbeat, which expires at the home unless the region's other instances renew it, and closes the
	 * connection and the scheduler.
	 */
	@Override
	public void close() {
		this.regions.stop();
		try {
			this.executor.close();
		}
		finally {
			this.waits.close();
		}
	}

}
