package io.limiter.regions;

import java.util.ArrayList;
import java.util.List;

import io.limiter.FailurePolicy;

/**
 * The reference of the latencies: the same load, all regions' instances together, through plain
 * {@link io.limiter.RedisBackend}s on one region's Redis without a proxy, as a service in one region decides today.
 */
final class SingleRegionReference extends Design {

	SingleRegionReference() {
		super("single region (reference)");
	}

	@Override
	Deployment deploy(SimulatedRegions regions, FailurePolicy policy) throws InterruptedException {
		List<Double> rates = new ArrayList<>();
		SimulatedRegions.SPECS.forEach((spec) -> rates.addAll(RegionGroups.rates(spec)));
		RedisGroup group = new RedisGroup(regions.region(0).redis().uri(), Simulation.LIMIT, policy, rates);
		group.awaitReady();
		return new Deployment() {

			@Override
			public List<Instance> instances() {
				return group.instances();
			}

			@Override
			public long bound(long elapsedNanos, Fault fault, int keys) {
				return group.bound(elapsedNanos, 0);
			}

			@Override
			public void close() {
				group.close();
			}

		};
	}

}
