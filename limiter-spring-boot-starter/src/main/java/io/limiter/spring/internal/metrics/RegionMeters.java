package io.limiter.spring.internal.metrics;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The meters of the loans of global limits ({@link io.limiter.RegionalBackend}): the counter
 * {@code limiter.regions.loans} tagged {@code limit} and {@code outcome} ({@code lent}, {@code refused} when the home
 * lent nothing, {@code failed} when the home did not answer) of borrows from the home, the timer
 * {@code limiter.regions.borrow.latency} of the answered ones, and the counters of permits
 * {@code limiter.regions.loaned}, {@code limiter.regions.returned}, {@code limiter.regions.expired} (tagged
 * {@code limit}) and {@code limiter.regions.reclaimed} (tagged {@code limit} and the {@code region} whose lapsed loan
 * the home took back).
 */
final class RegionMeters {

	static final String LOANS = "limiter.regions.loans";

	static final String LOANED = "limiter.regions.loaned";

	static final String RETURNED = "limiter.regions.returned";

	static final String EXPIRED = "limiter.regions.expired";

	static final String RECLAIMED = "limiter.regions.reclaimed";

	static final String BORROW_LATENCY = "limiter.regions.borrow.latency";

	private final MeterRegistry registry;

	/**
	 * Limit names are the configured ones and regions those of the service's deployment, so the map holds a few
	 * meters per global limit and region.
	 */
	private final Map<MeterKey, Counter> counters = new ConcurrentHashMap<>();

	private final Map<String, Timer> latencies = new ConcurrentHashMap<>();

	RegionMeters(MeterRegistry registry) {
		this.registry = registry;
	}

	/** The home answered a borrow with these permits, 0 when it refused. */
	void loan(String limit, long permits, long nanos) {
		counter(LOANS, limit, "outcome", (permits > 0) ? "lent" : "refused").increment();
		if (permits > 0) {
			counter(LOANED, limit, null, null).increment(permits);
		}
		this.latencies.computeIfAbsent(limit, (name) -> Timer.builder(BORROW_LATENCY)
			.description("Borrows of global budgets from the home, from the decision that started them to the credit")
			.tag("limit", name)
			.register(this.registry)).record(nanos, TimeUnit.NANOSECONDS);
	}

	/** A borrow from the home failed. */
	void borrowFailed(String limit) {
		counter(LOANS, limit, "outcome", "failed").increment();
	}

	/** This region gave permits of a pool back to the home. */
	void returned(String limit, long permits) {
		counter(RETURNED, limit, null, null).increment(permits);
	}

	/** A pool of this region ended with permits unspent. */
	void expired(String limit, long permits) {
		counter(EXPIRED, limit, null, null).increment(permits);
	}

	/** The home reclaimed a region's lapsed loan. */
	void reclaimed(String limit, String region, long permits) {
		counter(RECLAIMED, limit, "region", region).increment(permits);
	}

	private Counter counter(String name, String limit, String tag, String value) {
		return this.counters.computeIfAbsent(new MeterKey(name, limit, tag, value), (key) -> {
			Counter.Builder builder = Counter.builder(key.name()).description(description(key.name())).tag("limit", limit);
			return ((key.tag() != null) ? builder.tag(key.tag(), key.value()) : builder).register(this.registry);
		});
	}

	private static String description(String name) {
		return switch (name) {
			case LOANS -> "Borrows of global budgets from the home, by outcome";
			case LOANED -> "Permits of global budgets the home lent to this region";
			case RETURNED -> "Permits of global budgets this region gave back to the home";
			case EXPIRED -> "Permits of global budgets lost when a pool of this region lapsed unspent";
			default -> "Permits of lapsed loans the home reclaimed, by the region that held them";
		};
	}

	private record MeterKey(String name, String limit, String tag, String value) {
	}

}
