package io.limiter.spring.internal.metrics;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The counter {@code limiter.decisions} tagged {@code limit}, {@code plan} ({@code default} for the limit's own
 * numbers), {@code outcome} and {@code path} ({@code local} when the local tier decided in this process,
 * {@code backend} when the backend did: Redis, or memory for the in-memory backend), and the timer
 * {@code limiter.decision.latency} tagged {@code limit} of the decisions that went to Redis (decisions made in this
 * process are not timed). The counters of a limit's plan are registered on its first decision, every outcome of the
 * backend path at once, so that dashboards see zeros rather than gaps; those of the local path on its first local
 * decision, and the timer on the first timed decision. Recording a decision of a plan already seen allocates nothing.
 */
final class DecisionMeters {

	private final MeterRegistry registry;

	/** Limit and plan names are the configured ones, so the maps hold at most one entry per plan. */
	private final Map<String, Map<String, PlanMeters>> meters = new ConcurrentHashMap<>();

	DecisionMeters(MeterRegistry registry) {
		this.registry = registry;
	}

	void record(String limit, String plan, Outcome outcome, boolean local, long nanos) {
		PlanMeters planMeters = planMeters(limit, plan);
		Counter[] decisions = local ? planMeters.local() : planMeters.backend;
		decisions[outcome.ordinal()].increment();
		if (nanos > 0) {
			planMeters.latency().record(nanos, TimeUnit.NANOSECONDS);
		}
	}

	private PlanMeters planMeters(String limit, String plan) {
		Map<String, PlanMeters> plans = this.meters.get(limit);
		if (plans == null) {
			plans = this.meters.computeIfAbsent(limit, (name) -> new ConcurrentHashMap<>());
		}
		PlanMeters planMeters = plans.get(plan);
		return (planMeters != null) ? planMeters
				: plans.computeIfAbsent(plan, (name) -> new PlanMeters(limit, plan, counters(limit, plan, "backend")));
	}

	private Counter[] counters(String limit, String plan, String path) {
		Outcome[] outcomes = Outcome.values();
		Counter[] decisions = new Counter[outcomes.length];
		for (Outcome outcome : outcomes) {
			decisions[outcome.ordinal()] = Counter.builder(MicrometerLimiterObserver.DECISIONS)
				.description("Rate-limit decisions by limit, plan, outcome and the path that decided")
				.tag("limit", limit)
				.tag("plan", plan)
				.tag("outcome", outcome.tagValue)
				.tag("path", path)
				.register(this.registry);
		}
		return decisions;
	}

	/** The values of the {@code outcome} tag. */
	enum Outcome {

		/** The limit granted the permits. */
		ALLOWED,

		/** The limit refused the permits and the request was denied. */
		DENIED,

		/** The backend failed; the failure policy decided. */
		ERROR,

		/** A limit in shadow mode refused the permits, and the request went on. */
		SHADOW_DENIED;

		private final String tagValue = name().toLowerCase(Locale.ROOT);

	}

	private final class PlanMeters {

		private final String limit;

		private final String plan;

		private final Counter[] backend;

		private volatile Counter[] local;

		private volatile Timer latency;

		PlanMeters(String limit, String plan, Counter[] backend) {
			this.limit = limit;
			this.plan = plan;
			this.backend = backend;
		}

		Counter[] local() {
			Counter[] counters = this.local;
			if (counters == null) {
				counters = counters(this.limit, this.plan, "local");
				this.local = counters;
			}
			return counters;
		}

		Timer latency() {
			Timer timer = this.latency;
			if (timer == null) {
				timer = Timer.builder(MicrometerLimiterObserver.LATENCY)
					.description("Time Redis took to decide a rate limit, failure policy included")
					.tag("limit", this.limit)
					.register(DecisionMeters.this.registry);
				this.latency = timer;
			}
			return timer;
		}

	}

}
