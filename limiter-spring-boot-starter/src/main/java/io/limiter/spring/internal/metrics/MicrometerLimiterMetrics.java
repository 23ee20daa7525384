package io.limiter.spring.internal.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import io.limiter.Decision;
import io.limiter.spring.internal.LimiterMetrics;
import io.limiter.spring.internal.Outcome;

/**
 * Records decisions in Micrometer: the counter {@code limiter.decisions} tagged {@code limit}, {@code plan}
 * ({@code default} for the limit's own numbers), {@code outcome} and {@code path} ({@code local} when the local tier
 * decided in this process, {@code backend} when the backend did: Redis, or memory for the in-memory backend), and
 * the timer {@code limiter.decision.latency} tagged {@code limit}. The meters of a limit's plan are registered on its
 * first decision, every outcome of the backend path at once, so that dashboards see zeros rather than gaps; those of
 * the local path on its first local decision.
 */
public final class MicrometerLimiterMetrics implements LimiterMetrics {

	/** The name of the decision counter. */
	public static final String DECISIONS = "limiter.decisions";

	/** The name of the decision latency timer. */
	public static final String LATENCY = "limiter.decision.latency";

	private final MeterRegistry registry;

	private final Map<PlanKey, LimitMeters> meters = new ConcurrentHashMap<>();

	/**
	 * Creates a recorder.
	 * @param registry where the meters are registered
	 */
	public MicrometerLimiterMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void record(String limit, String plan, Outcome outcome, Decision decision, long nanos) {
		LimitMeters limitMeters = this.meters.computeIfAbsent(new PlanKey(limit, plan), this::register);
		Counter[] decisions = (decision != null && decision.isLocal()) ? limitMeters.local() : limitMeters.backend;
		decisions[outcome.ordinal()].increment();
		limitMeters.latency.record(nanos, TimeUnit.NANOSECONDS);
	}

	private LimitMeters register(PlanKey plan) {
		Timer latency = Timer.builder(LATENCY)
			.description("Time to decide a rate limit, failure policy included")
			.tag("limit", plan.limit())
			.register(this.registry);
		return new LimitMeters(plan, counters(plan, "backend"), latency);
	}

	private Counter[] counters(PlanKey plan, String path) {
		Outcome[] outcomes = Outcome.values();
		Counter[] decisions = new Counter[outcomes.length];
		for (Outcome outcome : outcomes) {
			decisions[outcome.ordinal()] = Counter.builder(DECISIONS)
				.description("Rate-limit decisions by limit, plan, outcome and the path that decided")
				.tag("limit", plan.limit())
				.tag("plan", plan.plan())
				.tag("outcome", outcome.tagValue())
				.tag("path", path)
				.register(this.registry);
		}
		return decisions;
	}

	private final class LimitMeters {

		private final PlanKey plan;

		private final Counter[] backend;

		private final Timer latency;

		private volatile Counter[] local;

		LimitMeters(PlanKey plan, Counter[] backend, Timer latency) {
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
