package io.limiter.spring.internal.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The meters of the concurrency limits beside their decisions (which {@link DecisionMeters} counts as any limit's,
 * plan {@code default}): the gauge {@code limiter.permits.in-flight} tagged {@code limit} of the permits this instance
 * holds, and the timer {@code limiter.permit.held} tagged {@code limit} and {@code returned} ({@code false} when a
 * release failed and the permit was left to its lease) of how long permits were held. Registered on a limit's first
 * permit; a limit already seen allocates nothing.
 */
final class ConcurrencyMeters {

	private final MeterRegistry registry;

	/** Limit names are the configured ones, so the map holds one entry per concurrency limit. */
	private final Map<String, LimitMeters> meters = new ConcurrentHashMap<>();

	ConcurrencyMeters(MeterRegistry registry) {
		this.registry = registry;
	}

	/** A permit of the limit was granted. */
	void granted(String limit) {
		meters(limit).inFlight().incrementAndGet();
	}

	/** A granted permit of the limit was released after being held so long. */
	void released(String limit, long heldNanos, boolean returned) {
		LimitMeters limitMeters = meters(limit);
		limitMeters.inFlight().decrementAndGet();
		(returned ? limitMeters.returned() : limitMeters.leftToLease()).record(heldNanos, TimeUnit.NANOSECONDS);
	}

	private LimitMeters meters(String limit) {
		LimitMeters limitMeters = this.meters.get(limit);
		return (limitMeters != null) ? limitMeters : this.meters.computeIfAbsent(limit, this::register);
	}

	private LimitMeters register(String limit) {
		AtomicLong inFlight = new AtomicLong();
		Gauge.builder(MicrometerLimiterObserver.PERMITS_IN_FLIGHT, inFlight, AtomicLong::get)
			.description("Permits of a concurrency limit that this instance holds")
			.tag("limit", limit)
			.register(this.registry);
		return new LimitMeters(inFlight, held(limit, true), held(limit, false));
	}

	private Timer held(String limit, boolean returned) {
		return Timer.builder(MicrometerLimiterObserver.PERMIT_HELD)
			.description("How long permits of a concurrency limit were held")
			.tag("limit", limit)
			.tag("returned", Boolean.toString(returned))
			.register(this.registry);
	}

	private record LimitMeters(AtomicLong inFlight, Timer returned, Timer leftToLease) {
	}

}
