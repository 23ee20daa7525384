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
 * Records decisions in Micrometer: the counter {@code limiter.decisions} tagged {@code limit}, {@code outcome}
 * and {@code path} ({@code local} when the local tier decided in this process, {@code backend} when the
 * backend did: Redis, or memory for the in-memory backend), and the timer {@code limiter.decision.latency}
 * tagged {@code limit}. The meters of a limit are registered on its first decision, every outcome of the
 * backend path at once, so that dashboards see zeros rather than gaps; those of the local path on its first
 * local decision.
 */
public final class MicrometerLimiterMetrics implements LimiterMetrics {

	/** The name of the decision counter. */
	public static final String DECISIONS = "limiter.decisions";

	/** The name of the decision latency timer. */
	public static final String LATENCY = "limiter.decision.latency";

	private final MeterRegistry registry;

	private final Map<String, LimitMeters> meters = new ConcurrentHashMap<>();

	/**
	 * Creates a recorder.
	 * @param registry where the meters are registered
	 */
	public MicrometerLimiterMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void record(String limit, Outcome outcome, Decision decision, long nanos) {
		LimitMeters limitMeters = this.meters.computeIfAbsent(limit, this::register);
		Counter[] decisions = (decision != null && decision.isLocal()) ? limitMeters.local() : limitMeters.backend;
		decisions[outcome.ordinal()].increment();
		limitMeters.latency.record(nanos, TimeUnit.NANOSECONDS);
	}

	private LimitMeters register(String limit) {
		Timer latency = Timer.builder(LATENCY)
			.description("Time to decide a rate limit, failure policy included")
			.tag("limit", limit)
			.register(this.registry);
		return new LimitMeters(limit, counters(limit, "backend"), latency);
	}

	private Counter[] counters(String limit, String path) {
		Outcome[] outcomes = Outcome.values();
		Counter[] decisions = new Counter[outcomes.length];
		for (Outcome outcome : outcomes) {
			decisions[outcome.ordinal()] = Counter.builder(DECISIONS)
				.description("Rate-limit decisions by limit, outcome and the path that decided")
				.tag("limit", limit)
				.tag("outcome", outcome.tagValue())
				.tag("path", path)
				.register(this.registry);
		}
		return decisions;
	}

	private final class LimitMeters {

		private final String limit;

		private final Counter[] backend;

		private final Timer latency;

		private volatile Counter[] local;

		LimitMeters(String limit, Counter[] backend, Timer latency) {
			this.limit = limit;
			this.backend = backend;
			this.latency = latency;
		}

		Counter[] local() {
			Counter[] counters = this.local;
			if (counters == null) {
				counters = counters(this.limit, "local");
				this.local = counters;
			}
			return counters;
		}

	}

}
