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
 * {@code limiter.decision.latency} tagged {@code limit}. The meters of a limit's plan are registered on its first
 * decision, every outcome of the backend path at once, so that dashboards see zeros rather than gaps; those of the
 * local path on its first local decision.
 */
final class DecisionMeters {

	private final MeterRegistry registry;

	/** Limit and plan names are the configured ones, so the map holds at most one entry per plan. */
	private final Map<PlanKey, PlanMeters> meters = new ConcurrentHashMap<>();

	DecisionMeters(MeterRegistry registry) {
		this.registry = registry;
	}

	void record(String limit, String plan, Outcome outcome, boolean local, long nanos) {
		PlanMeters planMeters = this.meters.computeIfAbsent(new PlanKey(limit, plan), this::register);
		Counter[] decisions = local ? planMeters.local() : planMeters.backend;
		decisions[outcome.ordinal()].increment();
		planMeters.latency.record(nanos, TimeUnit.NANOSECONDS);
	}

	private PlanMeters register(PlanKey plan) {
		Timer latency = Timer.builder(MicrometerLimiterObserver.LATENCY)
			.description("Time to decide a rate limit, failure policy included")
			.tag("limit", plan.limit())
			.register(this.registry);
		return new PlanMeters(plan, counters(plan, "backend"), latency);
	}

	private Counter[] counters(PlanKey plan, String path) {
		Outcome[] outcomes = Outcome.values();
		Counter[] decisions = new Counter[outcomes.length];
		for (Outcome outcome : outcomes) {
			decisions[outcome.ordinal()] = Counter.builder(MicrometerLimiterObserver.DECISIONS)
				.description("Rate-limit decisions by limit, plan, outcome and the path that decided")
				.tag("limit", plan.limit())
				.tag("plan", plan.plan())
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

		private final PlanKey plan;

		private final Counter[] backend;

		private final Timer latency;

		private volatile Counter[] local;

		PlanMeters(PlanKey plan, Counter[] backend, Timer latency) {
			this.plan = plan;
			this.backend = backend;
			this.latency = latency;
		}

		Counter[] local() {
			Counter[] counters = this.local;
			if (counters == null) {
				counters = counters(this.plan, "local");
				this.local = counters;
			}
			return counters;
		}

	}

	/** A plan of a limit, whose decisions are counted apart. */
	private record PlanKey(String limit, String plan) {
	}

}
