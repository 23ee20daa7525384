package io.limiter.regions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.limiter.FailurePolicy;
import io.limiter.GlobalBudget;
import io.limiter.LimiterOptions;
import io.limiter.RedisBackend;
import io.limiter.RegionalBackend;
import io.limiter.regions.SimulatedRegions.Region;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The design of {@code src/docs/regions.md}: each instance a {@link RegionalBackend} over its region's Redis and the
 * home, reached through the region's link, deciding the limit as a global one with a {@link GlobalBudget} (the
 * default: lease 10 s, loan ceiling {@code G = 0.2 x C}, safety factor 2, borrow on a miss).
 */
final class RegionalBudget extends Design {

	private final GlobalBudget budget;

	/**
	 * Makes the design.
	 * @param name its name in the table
	 * @param budget the global budget's settings
	 */
	RegionalBudget(String name, GlobalBudget budget) {
		super(name);
		this.budget = budget;
	}

	@Override
	Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws InterruptedException {
		List<List<Instance>> byRegion = new ArrayList<>();
		List<RegionalBackend> backends = new ArrayList<>();
		LimiterOptions global = LimiterOptions.builder().global(this.budget).build();
		for (Region region : regions.regions()) {
			List<Instance> instances = new ArrayList<>();
			for (double rate : RegionGroups.rates(region.spec())) {
				CountingObserver observer = new CountingObserver();
				RegionalBackend backend = RegionalBackend.builder()
					.region(region.spec().name())
					.redis(RedisBackend.builder()
						.standalone(region.redis().uri())
						.namespace(Simulation.NAMESPACE)
						.failurePolicy(policy)
						.observer(observer))
					.home(RedisBackend.builder().standalone(region.toHome().redisUri()))
					.build();
				backends.add(backend);
				instances.add(new Instance(backend.limiter(Simulation.LIMIT_NAME, Simulation.LIMIT, global), observer,
						rate));
			}
			byRegion.add(instances);
		}
		awaitReady(backends, regions.regions().size());
		return new Deployment() {

			@Override
			public List<Instance> instances() {
				return byRegion.stream().flatMap(List::stream).toList();
			}

			@Override
			public long bound(long elapsedNanos, Fault fault, int keys) {
				long ceiling = RegionalBudget.this.budget.loanCeiling(Simulation.LIMIT);
				long bound = keys * (Simulation.budget(Simulation.LIMIT, elapsedNanos) + ceiling);
				if (fault == Fault.HOME_LOST) {
					bound += keys * (Simulation.LIMIT.capacity() + ceiling);
				}
				if (policy == FailurePolicy.LOCAL_FALLBACK) {
					for (List<Instance> region : byRegion) {
						bound += fallbackTerm(region, fault == Fault.REGION_RESTARTED);
					}
				}
				return bound;
			}

			@Override
			public long loans() {
				return instances().stream().mapToLong((instance) -> instance.observer().loans()).sum();
			}

			@Override
			public void close() {
				backends.forEach(RegionalBackend::close);
			}

		};
	}

	/**
	 * Returns what a region's failure policy may grant by the design's bound: its fallback share {@code ceil(C / R)}
	 * for the time from its first degraded decision to its last when the home cannot be reached; when its own Redis
	 * was restarted without data, its instances' shares of that, {@code ceil(C / (R x N_r))} each for its own time,
	 * and the share once more, lost with the charge.
	 */
	private static long fallbackTerm(List<Instance> region, boolean ownRedisRestarted) {
		long capacity = Simulation.LIMIT.capacity();
		long period = Simulation.LIMIT.periodMillis();
		int regions = SimulatedRegions.SPECS.size();
		long share = ceilDiv(capacity, regions);
		if (ownRedisRestarted) {
			long instanceShare = ceilDiv(capacity, (long) regions * region.size());
			long term = 0;
			for (Instance instance : region) {
				if (instance.observer().degraded() > 0) {
					long span = TimeUnit.NANOSECONDS.toMillis(instance.observer().degradedSpanNanos());
					term += instanceShare + instanceShare * span / period + 1;
				}
			}
			return (term > 0) ? term + share : 0;
		}
		long first = region.stream().mapToLong((i) -> i.observer().firstDegradedNanos()).filter((t) -> t != 0).min()
			.orElse(0);
		if (first == 0) {
			return 0;
		}
		long last = region.stream().mapToLong((i) -> i.observer().lastDegradedNanos()).max().getAsLong();
		return share + share * TimeUnit.NANOSECONDS.toMillis(last - first) / period + 1;
	}

	private static long ceilDiv(long dividend, long divisor) {
		return -Math.floorDiv(-dividend, divisor);
	}

	private static void awaitReady(List<RegionalBackend> backends, int regions) throws InterruptedException {
		for (RegionalBackend backend : backends) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).as("connected to its Redis and the home")
				.isTrue();
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
		while (backends.stream().anyMatch((backend) -> backend.fallbackRegions() < regions)) {
			assertThat(System.nanoTime()).as("the regions count each other at the home").isLessThan(deadline);
			Thread.sleep(50);
		}
	}

}
