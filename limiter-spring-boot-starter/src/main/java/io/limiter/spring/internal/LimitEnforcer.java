package io.limiter.spring.internal;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.integration.LoggedKeys;
import io.limiter.integration.ThrottledLog;
import io.limiter.spring.LimitPlanResolver;

/**
 * Enforces one limit for the filters and the aspect: asks the current limiter of the key's plan (the
 * {@link LimitPlanResolver} chooses it when the limit has plans) and applies shadow mode when the limit denies. The
 * limiter has applied the failure policy when the backend failed, and reported the decision to the backend's
 * {@link io.limiter.LimiterObserver}.
 */
public final class LimitEnforcer {

	private static final System.Logger logger = System.getLogger(LimitEnforcer.class.getName());

	private static final Duration SHADOW_LOG_INTERVAL = Duration.ofSeconds(1);

	private static final Duration UNKNOWN_PLAN_LOG_INTERVAL = Duration.ofSeconds(10);

	private static final Duration REFUND_LOG_INTERVAL = Duration.ofSeconds(1);

	private final String name;

	private final RateLimiterRegistry registry;

	private final boolean shadow;

	private final LimitPlanResolver plans;

	private final ThrottledLog shadowLog = new ThrottledLog(logger, SHADOW_LOG_INTERVAL, LimiterClock.system());

	private final ThrottledLog refundLog = new ThrottledLog(logger, REFUND_LOG_INTERVAL, LimiterClock.system());

	private final ThrottledLog unknownPlanLog = new ThrottledLog(logger, UNKNOWN_PLAN_LOG_INTERVAL,
			LimiterClock.system());

	/**
	 * Creates an enforcer of a limit without plans, or whose keys all take its default plan.
	 * @param name the limit name
	 * @param registry where the limit's current limiter is
	 * @param shadow whether the limit is in shadow mode: its denials are logged, never enforced
	 */
	public LimitEnforcer(String name, RateLimiterRegistry registry, boolean shadow) {
		this(name, registry, shadow, null);
	}

	/**
	 * Creates an enforcer.
	 * @param name the limit name
	 * @param registry where the limit's current limiters are
	 * @param shadow whether the limit is in shadow mode: its denials are logged, never enforced
	 * @param plans chooses the plan of each key when the limit has plans, or {@code null} for the default plan
	 */
	public LimitEnforcer(String name, RateLimiterRegistry registry, boolean shadow, LimitPlanResolver plans) {
		this.name = name;
		this.registry = registry;
		this.shadow = shadow;
		this.plans = (registry.plans(name).size() > 1) ? plans : null;
	}

	/** {@return the name of the limit} */
	public String name() {
		return this.name;
	}

	/**
	 * {@return the current capacity of the limit, the smallest of its plans' when it has plans, and of its rates when
	 * it has several: the most permits that every key may take at once}
	 */
	public long capacity() {
		return this.registry.plans(this.name)
			.stream()
			.mapToLong((plan) -> this.registry.limiter(this.name, plan).limit().maxPermits())
			.min()
			.orElseThrow();
	}

	/**
	 * Returns the plan of a key: the resolver's answer when the limit has plans and it names one of them, else the
	 * default plan (with a warning when the resolver named a plan the limit does not have).
	 * @param key the key
	 * @param request the request, or {@code null} (see {@link LimitPlanResolver#plan(String, String, Object)})
	 * @return the plan's name
	 */
	public String plan(String key, Object request) {
		if (this.plans == null) {
			return LimitPlanResolver.DEFAULT_PLAN;
		}
		String plan = this.plans.plan(this.name, key, request);
		if (plan == null) {
			return LimitPlanResolver.DEFAULT_PLAN;
		}
		if (!this.registry.plans(this.name).contains(plan)) {
			this.unknownPlanLog.log(Level.WARNING, () -> "LimitPlanResolver chose plan '" + plan + "' of limit '"
					+ this.name + "', which has the plans " + this.registry.plans(this.name)
					+ "; the default plan decides");
			return LimitPlanResolver.DEFAULT_PLAN;
		}
		return plan;
	}

	/**
	 * Records that a caller takes this many permits on each request; see
	 * {@link RateLimiterRegistry#requireCapacity(String, long, String)}.
	 * @param cost the permits taken per request
	 * @param user who takes them, for messages
	 * @throws IllegalArgumentException naming the limit, its capacity, the cost and the user when the cost is
	 * above the current capacity
	 */
	public void requireCapacity(long cost, String user) {
		this.registry.requireCapacity(this.name, cost, user);
	}

	/** {@return whether the limit is in shadow mode: its denials are logged, never enforced} */
	public boolean shadow() {
		return this.shadow;
	}

	/**
	 * Takes permits for a key under its plan and concludes whether the request may go on. When the backend fails,
	 * the limiter's failure policy has decided (a degraded decision).
	 * @param key the key
	 * @param permits the permits to take
	 * @param request the request, for the plan resolver, or {@code null}
	 * @return the enforcement
	 */
	public Enforcement enforce(String key, long permits, Object request) {
		String plan = plan(key, request);
		RateLimiter limiter = this.registry.limiter(this.name, plan);
		return enforcement(limiter.limit(), plan, key, limiter.tryAcquire(key, permits));
	}

	/**
	 * Like {@link #enforce(String, long, Object)}, waiting up to {@code maxWait} for the permits on the calling
	 * thread ({@link RateLimiter#tryAcquire(String, long, Duration)}), unless the limit is in shadow mode, which never
	 * makes a request wait.
	 * @param key the key
	 * @param permits the permits to take
	 * @param request the request, for the plan resolver, or {@code null}
	 * @param maxWait the longest wait, zero for none
	 * @return the enforcement, once the permits are usable or at once when they would not be in time
	 * @throws InterruptedException when the thread is interrupted while it waits (permits it reserved are given back)
	 */
	public Enforcement enforce(String key, long permits, Object request, Duration maxWait)
			throws InterruptedException {
		if (!waits(maxWait)) {
			return enforce(key, permits, request);
		}
		String plan = plan(key, request);
		RateLimiter limiter = this.registry.limiter(this.name, plan);
		return enforcement(limiter.limit(), plan, key, limiter.tryAcquire(key, permits, maxWait));
	}

	/**
	 * The asynchronous variant of {@link #enforce(String, long, Object)}, through
	 * {@link RateLimiter#tryAcquireAsync(String, long)}: the calling thread never waits for the backend. The
	 * enforcement completes on the caller's thread when the decision is known at once (in memory, local tier, or a
	 * Redis answer that was quicker), else on the thread that completes it (Lettuce's for Redis).
	 * @param key the key
	 * @param permits the permits to take
	 * @param request the request, for the plan resolver, or {@code null}
	 * @return a future completed with the enforcement
	 */
	public CompletableFuture<Enforcement> enforceAsync(String key, long permits, Object request) {
		return enforceAsync(key, permits, request, Duration.ZERO);
	}

	/**
	 * The asynchronous variant of {@link #enforce(String, long, Object, Duration)}: with a wait, through
	 * {@link RateLimiter#tryAcquireAsync(String, long, Duration)}, which waits on the backend's own threads and
	 * completes the enforcement there when it waited; no thread is held meanwhile. Cancelling the enforcement while it
	 * waits cancels the wait, which gives back the permits it reserved.
	 * @param key the key
	 * @param permits the permits to take
	 * @param request the request, for the plan resolver, or {@code null}
	 * @param maxWait the longest wait, zero for none
	 * @return a future completed with the enforcement
	 */
	public CompletableFuture<Enforcement> enforceAsync(String key, long permits, Object request, Duration maxWait) {
		String plan = plan(key, request);
		RateLimiter limiter = this.registry.limiter(this.name, plan);
		if (!waits(maxWait)) {
			return limiter.tryAcquireAsync(key, permits)
				.toCompletableFuture()
				.thenApply((decided) -> enforcement(limiter.limit(), plan, key, decided));
		}
		CompletableFuture<Decision> waiting = limiter.tryAcquireAsync(key, permits, maxWait).toCompletableFuture();
		CompletableFuture<Enforcement> enforcement = waiting
			.thenApply((decided) -> enforcement(limiter.limit(), plan, key, decided));
		enforcement.whenComplete((done, failure) -> {
			if (enforcement.isCancelled()) {
				waiting.cancel(false);
			}
		});
		return enforcement;
	}

	private boolean waits(Duration maxWait) {
		return !this.shadow && maxWait.compareTo(Duration.ZERO) > 0;
	}

	/**
	 * Gives the permits a request took back to a key, when the outcome of the request does not count, where the grant
	 * took them ({@link RateLimiter#refund(String, Decision)}): a refund after the grant's window has ended adds
	 * nothing to the current one. A failure is logged, not thrown: the request has been answered, and its permits stay
	 * taken.
	 * @param key the key
	 * @param plan the plan that decided the request ({@link Enforcement#plan()})
	 * @param grant the grant that took them ({@link Enforcement#grant()})
	 */
	public void refund(String key, String plan, Decision grant) {
		try {
			this.registry.limiter(this.name, plan).refund(key, grant);
		}
		catch (RuntimeException ex) {
			refundFailed(key, ex);
		}
	}

	/**
	 * The asynchronous variant of {@link #refund(String, String, Decision)}, through
	 * {@link RateLimiter#refundAsync(String, Decision)}: the calling thread never waits for the backend.
	 * @param key the key
	 * @param plan the plan that decided the request
	 * @param grant the grant that took the permits
	 * @return a future completed when the refund is made or has failed (it never completes exceptionally)
	 */
	public CompletableFuture<Void> refundAsync(String key, String plan, Decision grant) {
		CompletableFuture<Void> refunded;
		try {
			refunded = this.registry.limiter(this.name, plan).refundAsync(key, grant).toCompletableFuture();
		}
		catch (RuntimeException ex) {
			refunded = CompletableFuture.failedFuture(ex);
		}
		return refunded.exceptionally((ex) -> {
			refundFailed(key, ex);
			return null;
		});
	}

	private void refundFailed(String key, Throwable failure) {
		this.refundLog.warn("Limit '" + this.name + "' could not give permits back to key " + LoggedKeys.quote(key),
				failure);
	}

	private Enforcement enforcement(Limit limit, String plan, String key, Decision decision) {
		Decision grant = (decision.isAllowed() && !decision.isDegraded()) ? decision : null;
		if (decision.isDegraded() && decision.isAllowed()) {
			return new Enforcement(this.name, plan, limit, null, true, null);
		}
		if (this.shadow) {
			if (!decision.isAllowed()) {
				this.shadowLog.log(Level.INFO, () -> "Limit '" + this.name + "' (shadow mode) would have denied key "
						+ LoggedKeys.quote(key) + ": " + decision);
			}
			return new Enforcement(this.name, plan, limit, null, true, grant);
		}
		return new Enforcement(this.name, plan, limit, decision, decision.isAllowed(), grant);
	}

}
