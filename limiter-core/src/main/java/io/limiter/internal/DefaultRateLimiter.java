package io.limiter.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.Rate;
import io.limiter.RateLimiter;
import io.limiter.integration.LimitNames;

/**
 * The public {@link RateLimiter} contract in front of a {@link DecisionSource}: argument checks, the waiting of
 * {@code acquire}, and telling the observer of every decision and admin operation. Only decisions that went to the
 * backend over the network are timed for the observer; those made in this process are reported with 0 nanoseconds.
 */
public final class DefaultRateLimiter implements RateLimiter {

	private final String name;

	private final ReceiptIssuer issuer;

	private final Limit limit;

	private final DecisionSource source;

	private final Waits waits;

	private final LimiterObserver observer;

	private final boolean timed;

	private final boolean issuing;

	private final AdminOperations admin;

	/**
	 * Creates a limiter whose decisions and admin operations nobody hears of, and the only issuer of its receipts.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param source what makes the decisions
	 * @param waits the backend's waits, on which {@code acquireAsync} waits for permits
	 */
	public DefaultRateLimiter(String name, Limit limit, DecisionSource source, Waits waits) {
		this(new ReceiptIssuer(source, name, 0, limit.algorithm()), limit, source, waits, LimiterObserver.NONE);
	}

	/**
	 * Creates a limiter.
	 * @param issuer the limit name, plan and backend, which the receipts of its grants record
	 * @param limit the limit
	 * @param source what makes the decisions
	 * @param waits the backend's waits, on which {@code acquireAsync} waits for permits
	 * @param observer told of every decision and admin operation
	 */
	public DefaultRateLimiter(ReceiptIssuer issuer, Limit limit, DecisionSource source, Waits waits,
			LimiterObserver observer) {
		this.name = LimitNames.check(Objects.requireNonNull(issuer, "issuer must not be null").name());
		this.issuer = issuer;
		this.limit = Objects.requireNonNull(limit, "limit must not be null");
		this.source = Objects.requireNonNull(source, "source must not be null");
		this.waits = Objects.requireNonNull(waits, "waits must not be null");
		this.observer = Objects.requireNonNull(observer, "observer must not be null");
		this.timed = !source.decidesInProcess();
		this.issuing = !source.issuesReceipts();
		this.admin = new AdminOperations(issuer, limit, source, observer);
	}

	@Override
	public String name() {
		return this.name;
	}

	@Override
	public Limit limit() {
		return this.limit;
	}

	/**
	 * Returns what makes this limiter's decisions.
	 * @return the decision source
	 */
	public DecisionSource source() {
		return this.source;
	}

	@Override
	public Decision tryAcquire(String key, long permits) {
		checkArguments(key, permits);
		return decide(key, permits, 0);
	}

	@Override
	public CompletionStage<Decision> tryAcquireAsync(String key, long permits) {
		checkArguments(key, permits);
		return decideAsync(key, permits, 0);
	}

	private Decision decide(String key, long permits, long maxWaitMillis) {
		return (this.observer == LimiterObserver.NONE) ? issued(key, this.source.decide(key, permits, maxWaitMillis))
				: decideObserved(key, permits, maxWaitMillis);
	}

	private Decision decideObserved(String key, long permits, long maxWaitMillis) {
		if (!this.timed) {
			return observed(issued(key, this.source.decide(key, permits, maxWaitMillis)), 0);
		}
		long start = System.nanoTime();
		return timed(issued(key, this.source.decide(key, permits, maxWaitMillis)), start);
	}

	private CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		if (this.observer == LimiterObserver.NONE) {
			return this.source.decideAsync(key, permits, maxWaitMillis).thenApply((decision) -> issued(key, decision));
		}
		if (!this.timed) {
			return this.source.decideAsync(key, permits, maxWaitMillis)
				.thenApply((decision) -> observed(issued(key, decision), 0));
		}
		long start = System.nanoTime();
		return this.source.decideAsync(key, permits, maxWaitMillis)
			.thenApply((decision) -> timed(issued(key, decision), start));
	}

	/**
	 * Records this limiter and the key in a grant's receipt, so that a refund through another limiter or under another
	 * key is refused ({@link AdminOperations}). A source in memory issues its receipts itself, which spares a grant
	 * the copies and the look; the receipts of Redis, the local tiers and the failure policy are copied here.
	 */
	private Decision issued(String key, Decision decision) {
		if (!this.issuing) {
			return decision;
		}
		MarkedReceipt receipt = MarkedReceipt.in(decision);
		return (receipt != null && receipt.issuer() == null)
				? Decisions.withReceipt(decision, receipt.issuedBy(this.issuer, key)) : decision;
	}

	private Decision timed(Decision decision, long start) {
		return observed(decision, decision.isLocal() ? 0 : System.nanoTime() - start);
	}

	private Decision observed(Decision decision, long nanos) {
		this.observer.onDecision(this.name, this.limit, decision, nanos);
		return decision;
	}

	@Override
	public Decision tryAcquire(String key, long permits, Duration timeout) throws InterruptedException {
		checkArguments(key, permits);
		long budget = checkTimeout(timeout);
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(budget);
		while (true) {
			Decision decision = decideInterruptibly(key, permits, reservationWindow(budget));
			long wait = decision.isAllowed() ? decision.delayMillis() : decision.retryAfterMillis();
			if (decision.isAllowed() || wait > budget || wait <= 0) {
				if (decision.isAllowed() && wait > 0) {
					awaitReserved(key, decision, wait);
				}
				return decision;
			}
			Thread.sleep(wait);
			budget = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
		}
	}

	/**
	 * Decides on the calling thread, which an interrupt stops waiting for the answer; a grant that comes after the
	 * thread was interrupted is given back where it was taken, since no caller will use it.
	 */
	private Decision decideInterruptibly(String key, long permits, long reservationWindow)
			throws InterruptedException {
		CompletableFuture<Decision> answer = decideAsync(key, permits, reservationWindow).toCompletableFuture();
		try {
			return answer.get();
		}
		catch (InterruptedException ex) {
			answer.thenAccept((decision) -> {
				if (decision.isAllowed()) {
					this.admin.refundAsync(key, decision);
				}
			});
			throw ex;
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			if (ex.getCause() instanceof Error error) {
				throw error;
			}
			throw new IllegalStateException(ex.getCause());
		}
	}

	/**
	 * Sleeps until a grant's reserved permits are due; a thread interrupted before gives them back where they were
	 * taken, then fails.
	 */
	private void awaitReserved(String key, Decision grant, long wait) throws InterruptedException {
		try {
			Thread.sleep(wait);
		}
		catch (InterruptedException ex) {
			try {
				this.admin.refund(key, grant);
			}
			catch (RuntimeException refundFailed) {
				ex.addSuppressed(refundFailed);
			}
			throw ex;
		}
	}

	@Override
	public CompletionStage<Decision> tryAcquireAsync(String key, long permits, Duration timeout) {
		checkArguments(key, permits);
		long budget = checkTimeout(timeout);
		return AsyncAcquisition.start((left) -> decideAsync(key, permits, reservationWindow(left)),
				(grant) -> this.admin.refundAsync(key, grant), this.waits, budget);
	}

	/**
	 * Returns how far ahead the bucket algorithms may reserve with one rate: the wait budget, capped so that the debt,
	 * {@code capacity x window} ticks, keeps the state within the 2^53 ticks where Lua's numbers are exact.
	 */
	private long reservationWindow(long budget) {
		if (!this.limit.supportsReservations()) {
			return 0;
		}
		Rate rate = this.limit.rates().get(0);
		long exactLimit = Limit.MAX_CAPACITY_PERIOD_PRODUCT / rate.capacity() - rate.periodMillis();
		return Math.max(0, Math.min(budget, exactLimit));
	}

	@Override
	public Decision peek(String key) {
		Objects.requireNonNull(key, "key must not be null");
		return this.source.peek(key);
	}

	@Override
	public void reset(String key) {
		this.admin.apply(key, AdminOperation.RESET, 0);
	}

	@Override
	public CompletionStage<Void> resetAsync(String key) {
		return this.admin.applyAsync(key, AdminOperation.RESET, 0);
	}

	@Override
	public void addPermits(String key, long permits) {
		this.admin.apply(key, AdminOperation.ADD_PERMITS, permits);
	}

	@Override
	public CompletionStage<Void> addPermitsAsync(String key, long permits) {
		return this.admin.applyAsync(key, AdminOperation.ADD_PERMITS, permits);
	}

	@Override
	public void refund(String key, Decision grant) {
		this.admin.refund(key, grant);
	}

	@Override
	public CompletionStage<Void> refundAsync(String key, Decision grant) {
		return this.admin.refundAsync(key, grant);
	}

	@Override
	public void penalize(String key, long permits) {
		this.admin.apply(key, AdminOperation.PENALTY, permits);
	}

	@Override
	public CompletionStage<Void> penalizeAsync(String key, long permits) {
		return this.admin.applyAsync(key, AdminOperation.PENALTY, permits);
	}

	private void checkArguments(String key, long permits) {
		Objects.requireNonNull(key, "key must not be null");
		if (permits < 0 || permits > this.limit.maxPermits()) {
			throw new IllegalArgumentException("permits must be between 0 and the capacity "
					+ this.limit.maxPermits() + " of limit '" + this.name + "' but was " + permits);
		}
	}

	private static long checkTimeout(Duration timeout) {
		Objects.requireNonNull(timeout, "timeout must not be null");
		if (timeout.isNegative()) {
			throw new IllegalArgumentException("timeout must not be negative but was " + timeout);
		}
		return timeout.toMillis();
	}

	@Override
	public String toString() {
		return "RateLimiter{" + this.name + ": " + this.limit + "}";
	}

}
