package io.limiter.regions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.limiter.FailurePolicy;
import io.limiter.RedisBackend;
import io.limiter.regions.SimulatedRegions.Region;

/**
 * The second baseline, after-the-fact synchronisation: each region a plain {@link RedisBackend} with the whole limit
 * on its own Redis, and an {@link AfterTheFactSynchroniser} per region every {@value #INTERVAL_MILLIS} ms (WSO2's
 * measured interval) through its link to the home. It states no bound: the regions spend the same permits between
 * reports, and a region cut off spends at the full rate on its own for as long as the cut lasts.
 */
final class AfterTheFactSync extends Design {

	static final long INTERVAL_MILLIS = 50;

	AfterTheFactSync() {
		super("after-the-fact sync");
	}

	@Override
	Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws InterruptedException {
		List<RedisGroup> groups = RegionGroups.start(regions, Simulation.LIMIT, policy);
		List<RedisBackend> homes = new ArrayList<>();
		ScheduledExecutorService rounds = Executors.newScheduledThreadPool(groups.size());
		for (int r = 0; r < groups.size(); r++) {
			Region region = regions.region(r);
			RedisGroup group = groups.get(r);
			RedisBackend home = RedisBackend.builder()
				.standalone(region.toHome().redisUri())
				.namespace(Simulation.NAMESPACE)
				.failurePolicy(FailurePolicy.FAIL_CLOSED)
				.build();
			homes.add(home);
			AfterTheFactSynchroniser synchroniser = new AfterTheFactSynchroniser(
					home.limiter(Simulation.LIMIT_NAME, Simulation.LIMIT), group.instances().get(0).limiter(),
					group::granted);
			rounds.scheduleAtFixedRate(synchroniser, 0, INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
		}
		return new Deployment() {

			@Override
			public List<Instance> instances() {
				return RegionGroups.instances(groups);
			}

			@Override
			public long bound(long elapsedNanos, Fault fault, int keys) {
				return NO_BOUND;
			}

			@Override
			public void close() {
				rounds.shutdownNow();
				try {
					rounds.awaitTermination(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				homes.forEach(RedisBackend::close);
				groups.forEach(RedisGroup::close);
			}

		};
	}

}
