package io.limiter.regions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.regions.SimulatedRegions.Region;
import io.limiter.regions.SimulatedRegions.RegionSpec;

/**
 * The baselines' regions: in each region, its instances on its own Redis, each deciding one limit alone.
 */
final class RegionGroups {

	private RegionGroups() {
	}

	/**
	 * Builds a group of instances per region and waits until they are ready.
	 * @param regions the regions
	 * @param limit the limit each region decides
	 * @param policy the failure policy
	 * @return the groups, in the order of the regions
	 * @throws InterruptedException when interrupted
	 */
	static List<RedisGroup> start(SimulatedRegions regions, Limit limit, FailurePolicy policy)
			throws InterruptedException {
		List<RedisGroup> groups = new ArrayList<>();
		for (Region region : regions.regions()) {
			groups.add(new RedisGroup(region.redis().uri(), limit, policy, rates(region.spec())));
		}
		for (RedisGroup group : groups) {
			group.awaitReady();
		}
		return groups;
	}

	/**
	 * Returns every group's instances.
	 * @param groups the groups
	 * @return their instances, region by region
	 */
	static List<Instance> instances(List<RedisGroup> groups) {
		return groups.stream().flatMap((group) -> group.instances().stream()).toList();
	}

	/**
	 * Returns the loads of a region's instances.
	 * @param spec the region
	 * @return one rate per instance
	 */
	static List<Double> rates(RegionSpec spec) {
		return new ArrayList<>(
				Collections.nCopies(Simulation.INSTANCES_PER_REGION, Simulation.requestsPerSecond(spec.share())));
	}

}
