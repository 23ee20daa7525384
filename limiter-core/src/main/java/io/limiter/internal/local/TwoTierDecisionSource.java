package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterClock;
import io.limiter.LocalTier;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.FallbackCharge;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.memory.BoundedStateMap;
import io.limiter.internal.redis.RedisCalls;

/**
 * Two-tier borrowing in front of Redis for the bucket algorithms: each key has a {@link LocalBucket} of
 * ticks borrowed from Redis, spent lock-free; when it runs dry, one caller per key borrows a batch while the
 * others wait on that borrow and then look again, and a refusal is remembered until Redis' retry deadline.
 * A key whose last borrow got less than it asked for is outrunning the refill: its next borrow takes nothing until
 * {@value #DRY_REFILL_MILLIS} ms of refill (at most a batch) is there, so that it calls Redis once per such run
 * rather than once a token, and is refused locally meanwhile.
 * <p>
 * Borrowed ticks are debited in Redis before any is spent, and one instance holds at most the largest batch
 * of a key, so all instances together grant at most what the limit allows plus {@code instances x} that
 * batch in any interval (see {@link LocalTier}). Ticks held past their lease are dropped.
 * <p>
 * Each borrow is charged to the failure policy's fallback share as it is lent, in whole permits rounded up (what the
 * rounding paid ahead counts toward the key's next borrow): its tokens are spent locally even while Redis fails, and
 * the fallback must not grant them again. Grants from the bucket then cost nothing more. Ticks given back or dropped
 * stay charged, so the share errs low.
 * <p>
 * Local decisions estimate {@code remaining} as the ticks held plus Redis' last answer refilled since, and
 * {@code reset-after} from that same estimate; a local denial's {@code retry-after} is the time to Redis'
 * retry deadline. Reservations ({@code maxWaitMillis > 0}) that the local ticks cannot serve, and requests
 * for no permits before the first borrow, go to Redis' decision script unchanged.
 * <p>
 * An admin operation first ends this instance's local state of the key: its unspent ticks are given back (dropped
 * before a reset, which deletes the key anyway) and its local refusal is lifted; then Redis applies it. Other
 * instances keep what they borrowed, at most their batch until its lease ends, and refuse the key locally until
 * Redis' retry deadline they last heard.
 * <p>
 * Its size is the one protocol of a key's borrow, in its sync and async forms; the key's state is {@link LocalBucket}.
 */
public final class TwoTierDecisionSource implements DecisionSource {

	/**
	 * The refill a dry key waits for before it borrows again (at most a batch): a key whose demand outruns the
	 * refill then calls Redis at most once per 20 ms, under a twentieth of its time even at a 1 ms round trip.
	 */
	private static final long DRY_REFILL_MILLIS = 20;

	private final StateKeys keys;

	private final String name;

	private final LimitAlgorithm algorithm;

	private final long capacity;

	private final long periodMillis;

	private final long fullTicks;

	private final long leaseMillis;

	private final long timeoutMillis;

	private final Borrower borrower;

	private final DecisionSource exact;

	private final FallbackCharge charge;

	private final LimiterClock clock;

	private final ScheduledExecutorService timer;

	private final AdaptiveBatch batches;

	private final BoundedStateMap<LocalBucket> buckets;

	TwoTierDecisionSource(StateKeys keys, String name, Limit limit, LocalTier tier, Borrower borrower,
			DecisionSource exact, FallbackCharge charge, LimiterClock clock, Duration timeout,
			ScheduledExecutorService timer) {
		this.keys = keys;
		this.name = name;
		this.algorithm = LimitAlgorithm.of(limit.algorithm());
		this.capacity = limit.rates().get(0).capacity();
		this.periodMillis = limit.rates().get(0).periodMillis();
		this.fullTicks = this.capacity * this.periodMillis;
		this.leaseMillis = tier.lease().toMillis();
		this.timeoutMillis = timeout.toMillis();
		this.borrower = borrower;
		this.exact = exact;
		this.charge = charge;
		this.clock = clock;
		this.timer = timer;
		this.batches = new AdaptiveBatch(tier.initialBatch() * this.periodMillis,
				tier.maxBatchPermits(limit) * this.periodMillis, this.leaseMillis);
		this.buckets = new BoundedStateMap<>(tier.maximumKeys());
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		long now = this.clock.millis();
		LocalBucket bucket = bucket(key, now);
		if (bucket == null) {
			return this.exact.decide(key, permits, maxWaitMillis);
		}
		Decision local = decideLocally(bucket, now, permits * this.periodMillis, maxWaitMillis);
		return (local != null) ? local
				: RedisCalls.await(decideRemotely(key, bucket, permits, maxWaitMillis), this.timeoutMillis, this.name);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		long now = this.clock.millis();
		LocalBucket bucket = bucket(key, now);
		if (bucket == null) {
			return this.exact.decideAsync(key, permits, maxWaitMillis);
		}
		Decision local = decideLocally(bucket, now, permits * this.periodMillis, maxWaitMillis);
		return (local != null) ? CompletableFuture.completedFuture(local)
				: decideRemotely(key, bucket, permits, maxWaitMillis);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Looks in Redis, where borrowed ticks are already debited.
	 */
	@Override
	public Decision peek(String key) {
		return this.exact.peek(key);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return RedisCalls.await(adjustAsync(key, operation, permits), this.timeoutMillis, this.name);
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		LocalBucket bucket = this.buckets.getIfPresent(StateKeys.memoryKey(key));
		long unspent = (bucket != null) ? bucket.forget() : 0;
		if (unspent <= 0 || operation == AdminOperation.RESET) {
			return this.exact.adjustAsync(key, operation, permits);
		}
		return this.borrower.giveBack(bucket.redisKeys(), unspent)
			.thenCompose((given) -> this.exact.adjustAsync(key, operation, permits));
	}

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		return RedisCalls.await(refundAsync(key, receipt), this.timeoutMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A grant spent from this instance's borrowed ticks (a receipt of one mark: the end of their lease) gives its
	 * ticks back to the key's local bucket while that lease lasts, without a call to Redis, where the ticks stay
	 * debited; after the lease the ticks are gone, as unspent ones are. A grant of Redis' decision script goes to
	 * Redis.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		if (receipt.size() != 1) {
			return this.exact.refundAsync(key, receipt);
		}
		LocalBucket bucket = this.buckets.getIfPresent(StateKeys.memoryKey(key));
		if (bucket != null && this.clock.millis() < Math.min(receipt.mark(0), bucket.leaseEnd())) {
			bucket.putBack(Math.min(receipt.permits(), this.capacity) * this.periodMillis);
		}
		return CompletableFuture.completedFuture(AdminOperation.Outcome.APPLIED);
	}

	/**
	 * Gives the unspent ticks of every key back to Redis.
	 * @return a stage completed once every give-back is answered; it fails if one failed
	 */
	CompletableFuture<Void> giveBackAll() {
		List<CompletableFuture<Borrow>> sent = new ArrayList<>();
		for (LocalBucket bucket : this.buckets.asMap().values()) {
			long unspent = bucket.drain();
			if (unspent > 0) {
				sent.add(this.borrower.giveBack(bucket.redisKeys(), unspent).toCompletableFuture());
			}
		}
		return CompletableFuture.allOf(sent.toArray(new CompletableFuture<?>[0]));
	}

	/**
	 * Returns the local state of every key, for tests.
	 * @return a live view
	 */
	Map<String, LocalBucket> buckets() {
		return this.buckets.asMap();
	}

	/**
	 * Returns the key's bucket, or {@code null} when the map is full of buckets that still hold something: the key
	 * is then decided by Redis' decision script, exactly, as without a local tier.
	 */
	private LocalBucket bucket(String key, long now) {
		String memoryKey = StateKeys.memoryKey(key);
		LocalBucket bucket = this.buckets.getIfPresent(memoryKey);
		if (bucket != null) {
			return bucket;
		}
		String[] redisKeys = this.algorithm.redisKeys(this.keys.stateKey(this.name, key));
		return this.buckets.get(memoryKey, (ignored) -> new LocalBucket(redisKeys, this.batches.initial()), now);
	}

	private Decision decideLocally(LocalBucket bucket, long now, long cost, long maxWaitMillis) {
		long left = bucket.take(now, cost);
		if (left >= 0) {
			return allowed(bucket, now, left, cost);
		}
		long wait = bucket.deniedFor(now, cost);
		return (wait > maxWaitMillis) ? denied(bucket, now, cost, wait) : null;
	}

	private CompletionStage<Decision> decideRemotely(String key, LocalBucket bucket, long permits,
			long maxWaitMillis) {
		if (permits == 0 || maxWaitMillis > 0) {
			return this.exact.decideAsync(key, permits, maxWaitMillis);
		}
		return borrowOrWait(key, bucket, permits);
	}

	private CompletionStage<Decision> borrowOrWait(String key, LocalBucket held, long permits) {
		long cost = permits * this.periodMillis;
		LocalBucket bucket = held;
		while (true) {
			Decision local = decideLocally(bucket, this.clock.millis(), cost, 0);
			if (local != null) {
				return CompletableFuture.completedFuture(local);
			}
			CompletableFuture<Void> inFlight = bucket.borrowInFlight();
			if (inFlight == LocalBucket.RETIRED) {
				bucket = bucket(key, this.clock.millis());
				if (bucket == null) {
					return this.exact.decideAsync(key, permits, 0);
				}
				continue;
			}
			if (inFlight != null) {
				LocalBucket waiting = bucket;
				return inFlight.thenCompose((done) -> borrowOrWait(key, waiting, permits));
			}
			CompletableFuture<Void> mine = new CompletableFuture<>();
			if (bucket.startBorrow(mine)) {
				return borrow(key, bucket, cost, mine);
			}
		}
	}

	private CompletionStage<Decision> borrow(String key, LocalBucket bucket, long cost, CompletableFuture<Void> mine) {
		long now = this.clock.millis();
		// Looked at again as the borrower: a borrow that ended since the last look may have filled the bucket
		// or set a retry deadline, and asking Redis again would be the stampede this tier exists to avoid.
		Decision local = decideLocally(bucket, now, cost, 0);
		if (local != null) {
			bucket.endBorrow(mine, null);
			return CompletableFuture.completedFuture(local);
		}
		boolean leased = now < bucket.leaseEnd();
		long unspent = bucket.drain();
		long held = leased ? unspent : 0;
		long need = cost - held;
		if (need <= 0) {
			bucket.putBack(held - cost);
			bucket.endBorrow(mine, null);
			return CompletableFuture.completedFuture(allowed(bucket, now, held - cost, cost));
		}
		long batch = bucket.nextBatch(this.batches, now, unspent);
		long want = Math.max(need, batch);
		long required = bucket.isDry(now, this.batches.horizonMillis())
				? Math.max(need, Math.min(want, DRY_REFILL_MILLIS * this.capacity)) : need;
		CompletableFuture<Borrow> reply = LimiterThreads.orTimeout(
				this.borrower.borrow(bucket.redisKeys(), want, required).toCompletableFuture(), this.timeoutMillis,
				this.timer);
		return reply.handle((borrowed, failure) -> {
			if (failure != null) {
				bucket.putBack(held);
				LimiterBackendException error = RedisCalls.failure(this.name, failure);
				bucket.endBorrow(mine, error);
				throw error;
			}
			bucket.redisAnswered(borrowed.ticksLeft(), now);
			bucket.supplied(now, want, borrowed.ticks());
			Decision decision;
			if (borrowed.ticks() >= need) {
				long permits = bucket.permitsToCharge(borrowed.ticks(), this.periodMillis);
				if (permits > 0) {
					this.charge.charge(key, permits);
				}
				bucket.lend(now, held + borrowed.ticks(), cost, batch, now + this.leaseMillis);
				decision = allowed(bucket, now, held + borrowed.ticks() - cost, cost);
			}
			else {
				bucket.putBack(held);
				bucket.denyUntil(cost, now + borrowed.retryMillis());
				decision = denied(bucket, now, cost, borrowed.retryMillis());
			}
			bucket.endBorrow(mine, null);
			return decision;
		});
	}

	/**
	 * A grant of borrowed ticks, whose receipt holds the end of their lease; made as one object, as the denial, since
	 * most decisions of a busy key are these two.
	 */
	private Decision allowed(LocalBucket bucket, long now, long heldTicks, long cost) {
		long redis = bucket.redisTicks(now, this.capacity, this.fullTicks);
		long available = Math.min(this.fullTicks, heldTicks + Math.max(0, redis));
		MarkedReceipt receipt = (cost > 0) ? MarkedReceipt.of(cost / this.periodMillis, bucket.leaseEnd()) : null;
		return Decision.of(true, this.capacity, available / this.periodMillis, 0, resetAfter(redis), 0, false, true, 0,
				receipt);
	}

	private Decision denied(LocalBucket bucket, long now, long cost, long retryAfterMillis) {
		long redis = bucket.redisTicks(now, this.capacity, this.fullTicks);
		long available = Math.min(cost - 1, Math.max(0, bucket.held()) + Math.max(0, redis));
		return Decision.of(false, this.capacity, available / this.periodMillis, retryAfterMillis, resetAfter(redis), 0,
				false, true, 0, null);
	}

	private long resetAfter(long redisTicks) {
		return -Math.floorDiv(redisTicks - this.fullTicks, this.capacity);
	}

}
