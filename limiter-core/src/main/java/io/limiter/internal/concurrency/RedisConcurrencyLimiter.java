package io.limiter.internal.concurrency;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.LimiterBackendException;
import io.limiter.internal.failure.CircuitBreaker;
import io.limiter.internal.failure.SlowAnswerException;
import io.limiter.internal.redis.RedisCalls;

/**
 * A concurrency limit in Redis: one script call to take a permit on the node that owns the key (see
 * {@code concurrency-acquire.lua}), which also carries the releases queued for the key's hash slot; a release is
 * queued ({@link PendingReleases}) and sent with the next take or look of its slot on this instance, or alone within
 * {@value PendingReleases#FLUSH_DELAY_MILLIS} ms. Every permit Redis grants is a holder in the key's sorted set with a
 * lease in Redis time; while it is open this instance renews it every third of the lease, one call per key for all
 * of its holders, so work longer than the lease keeps its permit and the permits of a process that died end within
 * one lease.
 * <p>
 * This instance counts its own open permits per key, whoever granted them. While Redis fails, or the breaker of the
 * key's node is open, the {@link FailurePolicy} decides: {@link FailurePolicy#LOCAL_FALLBACK} grants while this
 * instance holds fewer than its share {@code ceil(maxInFlight / instances)}, and such a permit is released in this
 * process only; a Redis-granted permit whose release fails is left to its lease.
 */
final class RedisConcurrencyLimiter implements ConcurrencyLimiter {

	private static final String SERVER_TIME = "-1";

	private static final String UNUSED = "";

	private static final String READ_ONLY = "read-only";

	private static final CompletableFuture<Boolean> RETURNED = CompletableFuture.completedFuture(true);

	private final String name;

	private final ConcurrencyLimit limit;

	private final FailurePolicy policy;

	private final RedisConcurrency backend;

	private final String maxInFlight;

	private final String leaseMillis;

	private final InFlightCounts local = new InFlightCounts();

	private final OpenHolders open = new OpenHolders();

	private final LimiterBackendException circuitOpen;

	private final ScheduledFuture<?> renewal;

	private volatile boolean closed;

	RedisConcurrencyLimiter(String name, ConcurrencyLimit limit, FailurePolicy policy, RedisConcurrency backend) {
		this.name = name;
		this.limit = limit;
		this.policy = policy;
		this.backend = backend;
		this.maxInFlight = Long.toString(limit.maxInFlight());
		this.leaseMillis = Long.toString(limit.lease().toMillis());
		this.circuitOpen = new LimiterBackendException("the circuit breaker is open after repeated Redis failures", null,
				DegradedReason.CIRCUIT_OPEN);
		long every = limit.lease().toMillis() / 3;
		this.renewal = backend.background.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public ConcurrencyLimit limit() {
		return this.limit;
	}

	@Override
	public ConcurrencyPermit tryAcquire(String key) {
		long start = System.nanoTime();
		CompletableFuture<ConcurrencyPermit> pending = tryAcquireAsync(key).toCompletableFuture();
		try {
			return pending.get(this.backend.syncWaitMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return abandon(pending, key, new LimiterBackendException("interrupted while deciding concurrency limit '"
					+ this.name + "'", ex, DegradedReason.INTERRUPTED), start);
		}
		catch (TimeoutException ex) {
			return abandon(pending, key, new LimiterBackendException("Redis did not decide concurrency limit '" + this.name
					+ "' within " + this.backend.syncWaitMillis + " ms", ex, DegradedReason.TIMEOUT), start);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("concurrency limit '" + this.name + "' failed", ex.getCause());
		}
	}

	/** Decides by the policy for a caller that stopped waiting; a permit granted later is released at once. */
	private ConcurrencyPermit abandon(CompletableFuture<ConcurrencyPermit> pending, String key,
			LimiterBackendException failure, long start) {
		pending.thenAccept(ConcurrencyPermit::releaseAsync);
		return decideOnFailure(key, failure, start);
	}

	@Override
	public CompletionStage<ConcurrencyPermit> tryAcquireAsync(String key) {
		Objects.requireNonNull(key, "key must not be null");
		long start = System.nanoTime();
		CircuitBreaker breaker = this.backend.breakers.allHealthy() ? null : this.backend.breakerOf.apply(this.name, key);
		if (breaker != null && !breaker.tryPass()) {
			return CompletableFuture.completedFuture(decideOnFailure(key, this.circuitOpen, start));
		}
		String holder = this.backend.nextHolder();
		String redisKey = redisKey(key);
		String[] args = { this.maxInFlight, this.leaseMillis, UNUSED, now(), holder, UNUSED };
		return acquire(redisKey, args).handle((reply, failure) -> {
			if (failure == null) {
				return onAnswer(key, redisKey, holder, reply, breaker, start);
			}
			LimiterBackendException error = RedisCalls.failure(this.name, failure);
			countFailure(key, error, breaker);
			return decideOnFailure(key, error, start);
		});
	}

	@Override
	public long inFlight(String key) {
		Objects.requireNonNull(key, "key must not be null");
		String[] args = { this.maxInFlight, this.leaseMillis, UNUSED, now(), UNUSED, READ_ONLY };
		List<Object> reply = RedisCalls.await(acquire(redisKey(key), args), this.backend.syncWaitMillis, this.name);
		return (Long) reply.get(1);
	}

	/** Runs the take (or look) of a key's set with the releases queued for its slot, which Redis runs first. */
	private CompletionStage<List<Object>> acquire(String redisKey, String[] args) {
		return this.backend.releases.carriedBy(PendingReleases.slotOf(redisKey), (carried) -> carried.isEmpty()
				? this.backend.scripts.execute(RedisConcurrency.ACQUIRE, new String[] { redisKey }, args)
				: this.backend.scripts.execute(RedisConcurrency.ACQUIRE, PendingReleases.withKeys(redisKey, carried),
						PendingReleases.withHolders(args, carried)));
	}

	private ConcurrencyPermit onAnswer(String key, String redisKey, String holder, List<Object> reply,
			CircuitBreaker breaker, long start) {
		if (breaker != null) {
			breaker.onSuccess();
		}
		long inFlight = (Long) reply.get(1);
		ConcurrencyPermit permit;
		if ((Long) reply.get(0) == 1) {
			this.local.add(key);
			this.open.add(key, holder);
			permit = new HeldPermit(this.name, this.limit, inFlight, false,
					() -> releaseFromRedis(key, redisKey, holder), this.backend.observer);
		}
		else {
			permit = new DeniedPermit(inFlight, this.limit.maxInFlight(), false);
		}
		this.backend.observer.onConcurrencyDecision(this.name, this.limit, permit, System.nanoTime() - start);
		return permit;
	}

	private ConcurrencyPermit decideOnFailure(String key, LimiterBackendException failure, long start) {
		this.backend.observer.onBackendFailure(this.name, this.policy, failure.reason(), failure);
		this.backend.log.warn("Redis failed for concurrency limit '" + this.name + "' ("
				+ failure.reason().configName() + "), decided by " + this.policy, failure);
		ConcurrencyPermit permit = switch (this.policy) {
			case FAIL_OPEN -> heldLocally(key, this.local.add(key));
			case FAIL_CLOSED -> new DeniedPermit(this.local.inFlight(key), this.limit.maxInFlight(), true);
			case LOCAL_FALLBACK -> {
				InFlightCounts.Taken taken = this.local.tryTake(key, share());
				yield taken.taken() ? heldLocally(key, taken.inFlight())
						: new DeniedPermit(taken.inFlight(), this.limit.maxInFlight(), true);
			}
		};
		this.backend.observer.onConcurrencyDecision(this.name, this.limit, permit, System.nanoTime() - start);
		return permit;
	}

	/** Returns this instance's share of the limit: {@code ceil(maxInFlight / instances)}. */
	private long share() {
		long instances = Math.max(1, this.backend.instances.getAsInt());
		return (this.limit.maxInFlight() + instances - 1) / instances;
	}

	private ConcurrencyPermit heldLocally(String key, long inFlight) {
		return new HeldPermit(this.name, this.limit, inFlight, true, () -> {
			this.local.release(key);
			return RETURNED;
		}, this.backend.observer);
	}

	/** Counts a failure toward the key's breaker, unless it tells nothing about whether Redis is down. */
	private void countFailure(String key, LimiterBackendException failure, CircuitBreaker known) {
		if (failure.reason() != DegradedReason.INTERRUPTED && !(failure instanceof SlowAnswerException)) {
			((known != null) ? known : this.backend.breakerOf.apply(this.name, key)).onFailure();
		}
	}

	/**
	 * Forgets the holder and queues its release, to be sent with the next call to the key's slot; nothing is queued
	 * while the key's breaker is open or once the backend closed: the holder is then left to its lease.
	 */
	private CompletionStage<Boolean> releaseFromRedis(String key, String redisKey, String holder) {
		this.local.release(key);
		CompletableFuture<Boolean> returned = new CompletableFuture<>();
		this.open.remove(key, holder, () -> {
			if (this.closed || this.backend.isBreakerOpen(this.name, key)) {
				returned.complete(false);
			}
			else {
				this.backend.releases.queue(new PendingReleases.Release(this.name, key, redisKey, holder, returned));
			}
		});
		return returned;
	}

	/** Renews the leases of every open permit: one call per key, for all of this instance's holders of it. */
	private void renew() {
		this.open.forEachKey((key, holders) -> {
			if (this.closed || this.backend.isBreakerOpen(this.name, key)) {
				return;
			}
			String[] args = new String[4 + holders.length];
			args[0] = this.maxInFlight;
			args[1] = this.leaseMillis;
			args[2] = UNUSED;
			args[3] = now();
			System.arraycopy(holders, 0, args, 4, holders.length);
			String[] redisKeys = { redisKey(key) };
			this.backend.scripts.execute(RedisConcurrency.RENEW, redisKeys, args).whenComplete((reply, failure) -> {
				if (failure != null) {
					this.backend.log.warn("Redis failed to renew the leases of concurrency limit '" + this.name
							+ "'; they end " + this.limit.lease() + " after the last renewal", failure);
				}
			});
		});
	}

	private String now() {
		return (this.backend.clientClock != null) ? Long.toString(this.backend.clientClock.millis()) : SERVER_TIME;
	}

	private String redisKey(String key) {
		return this.backend.keys.stateKey(this.name, key) + RedisConcurrency.KEY_SUFFIX;
	}

	/** Stops the renewal; permits still open are left to their leases. */
	void close() {
		this.closed = true;
		this.renewal.cancel(false);
	}

}
