package io.limiter.regions;

import java.time.Duration;
import java.util.List;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;

/**
 * The first baseline: the budget divided by the number of regions, each region a plain
 * {@link io.limiter.RedisBackend} on its own Redis with a third of the limit, and no home. It never exceeds the
 * budget, and serves a skewed demand a third of the budget in its busiest region.
 */
final class NaiveSplit extends Design {

	/** A third of {@link Simulation#LIMIT}, rounded up: 667 per 2 s. */
	static final Limit REGION_LIMIT = Limit.of(Algorithm.TOKEN_BUCKET,
			-Math.floorDiv(-Simulation.LIMIT.capacity(), SimulatedRegions.SPECS.size()),
			Duration.ofMillis(Simulation.LIMIT.periodMillis()));

	NaiveSplit() {
		super("naive split");
	}

	@Override
	Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws InterruptedException {
		List<RedisGroup> groups = RegionGroups.start(regions, REGION_LIMIT, policy);
		return new Deployment() {

			@Override
			public List<Instance> instances() {
				return RegionGroups.instances(groups);
			}

			@Override
			public long bound(long elapsedNanos, Fault fault, int keys) {
				long bound = 0;
				for (int r = 0; r < groups.size(); r++) {
					bound += groups.get(r).bound(elapsedNanos, (fault == Fault.REGION_RESTARTED && r == 1) ? 1 : 0);
				}
				return bound;
			}

			@Override
			public void close() {
				groups.forEach(RedisGroup::close);
			}

		};
	}

}
