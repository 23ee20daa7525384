package io.limiter.spring.internal.metrics;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import io.limiter.AdminOperation;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyPermit;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterObserver;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.internal.metrics.DecisionMeters.Outcome;

/**
 * Meters every decision (see {@link DecisionMeters}: {@code limiter.decisions} by limit, plan, outcome and path, and
 * {@code limiter.decision.latency}), and counts what the backend does behind them: the counter {@code limiter.redis.calls} of the scripts it
 * sends, so that the share of decisions kept off the network by the local tier can be watched;
 * {@code limiter.degraded} of the decisions made by the failure policy, by limit, policy and reason; and
 * {@code limiter.memory.overflow{limit}} of the key states that a full in-memory limit (the in-memory backend, or the
 * local fallback) evicted while they still owed, to make room for new keys; and
 * {@code limiter.admin.operations{limit,operation,outcome}} of resets, refunds and penalties (outcome
 * {@code applied}, {@code fallback} when only this instance's share took it, or {@code failed}); and the timer
 * {@code limiter.reservation.delay{limit}} of the waits of grants that reserved permits ahead
 * ({@link Decision#delay()}, as {@code RateLimiter.acquire} makes for a token bucket or GCRA of one rate), recorded
 * when the grant is made: a wait its caller abandons (an interrupt, a cancel) counts there with its whole delay, and
 * its permits' refund in {@code limiter.admin.operations}. The
 * decisions of concurrency limits count in {@code limiter.decisions} as any limit's (plan {@code default}); their permits are
 * metered by {@link ConcurrencyMeters}: {@code limiter.permits.in-flight} and {@code limiter.permit.held}. The loans
 * of global limits, which a {@link io.limiter.RegionalBackend} borrows from the home, are metered by
 * {@link RegionMeters} under {@code limiter.regions.*}.
 */
public final class MicrometerLimiterObserver implements LimiterObserver {

	/** The name of the decision counter. */
	public static final String DECISIONS = "limiter.decisions";

	/** The name of the decision latency timer. */
	public static final String LATENCY = "limiter.decision.latency";

	/** The name of the Redis call counter. */
	public static final String REDIS_CALLS = "limiter.redis.calls";

	/** The name of the counter of decisions made by the failure policy. */
	public static final String DEGRADED = "limiter.degraded";

	/** The name of the counter of states that a full in-memory limit evicted while they still owed. */
	public static final String MEMORY_OVERFLOW = "limiter.memory.overflow";

	/** The name of the timer of the waits that grants of reserved permits asked for. */
	public static final String RESERVATION_DELAY = "limiter.reservation.delay";

	/** The name of the counter of admin operations. */
	public static final String ADMIN_OPERATIONS = "limiter.admin.operations";

	/** The name of the gauge of the permits of a concurrency limit that this instance holds. */
	public static final String PERMITS_IN_FLIGHT = "limiter.permits.in-flight";

	/** The name of the timer of how long permits of a concurrency limit were held. */
	public static final String PERMIT_HELD = "limiter.permit.held";

	private final MeterRegistry registry;

	private final DecisionMeters decisions;

	private final ConcurrencyMeters concurrency;

	private final RegionMeters regions;

	private final PlanNames plans;

	private final Set<String> shadowLimits;

	private final Counter redisCalls;

	private final Map<DegradedKey, Counter> degraded = new ConcurrentHashMap<>();

	private final Map<String, Counter> overflows = new ConcurrentHashMap<>();

	private final Map<String, Timer> reservationDelays = new ConcurrentHashMap<>();

	private final Map<AdminKey, Counter> adminOperations = new ConcurrentHashMap<>();

	/**
	 * Creates an observer.
	 * @param registry where the meters are registered
	 * @param plans tells the plan of the limiter that decided, for the {@code plan} tag
	 * @param shadowLimits the limits in shadow mode, whose denials are counted as {@code shadow_denied}
	 */
	public MicrometerLimiterObserver(MeterRegistry registry, PlanNames plans, Set<String> shadowLimits) {
		this.registry = registry;
		this.decisions = new DecisionMeters(registry);
		this.concurrency = new ConcurrencyMeters(registry);
		this.regions = new RegionMeters(registry);
		this.plans = plans;
		this.shadowLimits = Set.copyOf(shadowLimits);
		this.redisCalls = Counter.builder(REDIS_CALLS)
			.description("Scripts sent to Redis: decisions, and borrows and give-backs of the local tier")
			.register(registry);
	}

	@Override
	public void onDecision(String limitName, Limit limit, Decision decision, long nanos) {
		this.decisions.record(limitName, this.plans.planOf(limitName, limit), outcome(limitName, decision),
				decision.isLocal(), nanos);
		if (decision.delayMillis() > 0) {
			this.reservationDelays.computeIfAbsent(limitName, (name) -> Timer.builder(RESERVATION_DELAY)
				.description("The waits that grants of permits reserved ahead asked of their callers")
				.tag("limit", name)
				.register(this.registry)).record(decision.delayMillis(), TimeUnit.MILLISECONDS);
		}
	}

	private Outcome outcome(String limitName, Decision decision) {
		if (decision.isDegraded()) {
			return Outcome.ERROR;
		}
		if (decision.isAllowed()) {
			return Outcome.ALLOWED;
		}
		return this.shadowLimits.contains(limitName) ? Outcome.SHADOW_DENIED : Outcome.DENIED;
	}

	@Override
	public void onConcurrencyDecision(String limitName, ConcurrencyLimit limit, ConcurrencyPermit permit, long nanos) {
		Outcome outcome = permit.isDegraded() ? Outcome.ERROR : (permit.isAllowed() ? Outcome.ALLOWED : Outcome.DENIED);
		this.decisions.record(limitName, LimitPlanResolver.DEFAULT_PLAN, outcome, false, nanos);
		if (permit.isAllowed()) {
			this.concurrency.granted(limitName);
		}
	}

	@Override
	public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
		this.concurrency.released(limitName, heldNanos, returned);
	}

	@Override
	public void onLoan(String limitName, String region, long permits, long nanos) {
		this.regions.loan(limitName, permits, nanos);
	}

	@Override
	public void onBorrowFailure(String limitName, DegradedReason reason, Throwable failure) {
		this.regions.borrowFailed(limitName);
	}

	@Override
	public void onLoanReturned(String limitName, String region, long permits) {
		this.regions.returned(limitName, permits);
	}

	@Override
	public void onLoanExpired(String limitName, String region, long permits) {
		this.regions.expired(limitName, permits);
	}

	@Override
	public void onLoanReclaimed(String limitName, String region, long permits) {
		this.regions.reclaimed(limitName, region, permits);
	}

	@Override
	public void onRedisCall() {
		this.redisCalls.increment();
	}

	@Override
	public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason, Throwable failure) {
		this.degraded.computeIfAbsent(new DegradedKey(limitName, policy, reason), this::newDegradedCounter).increment();
	}

	private Counter newDegradedCounter(DegradedKey key) {
		return Counter.builder(DEGRADED)
			.description("Decisions made by the failure policy because Redis did not decide")
			.tag("limit", key.limit())
			.tag("policy", key.policy().name().toLowerCase(Locale.ROOT).replace('_', '-'))
			.tag("reason", key.reason().configName())
			.register(this.registry);
	}

	/** Limit names are the configured ones, so the map holds at most limits x policies x reasons counters. */
	private record DegradedKey(String limit, FailurePolicy policy, DegradedReason reason) {
	}

	@Override
	public void onMemoryOverflow(String limitName) {
		this.overflows.computeIfAbsent(limitName, (name) -> Counter.builder(MEMORY_OVERFLOW)
			.description("Key states evicted while they still owed, to make room for new keys in a full in-memory limit")
			.tag("limit", name)
			.register(this.registry)).increment();
	}

	@Override
	public void onAdminOperation(String limitName, AdminOperation operation, AdminOperation.Outcome outcome) {
		this.adminOperations.computeIfAbsent(new AdminKey(limitName, operation, outcome), (key) -> Counter
			.builder(ADMIN_OPERATIONS)
			.description("Resets, added permits, refunds of grants and penalties of keys")
			.tag("limit", key.limit())
			.tag("operation", key.operation().configName())
			.tag("outcome", key.outcome().configName())
			.register(this.registry)).increment();
	}

	/** Limit names are the configured ones, so the map holds at most limits x 4 x 3 counters. */
	private record AdminKey(String limit, AdminOperation operation, AdminOperation.Outcome outcome) {
	}

}
