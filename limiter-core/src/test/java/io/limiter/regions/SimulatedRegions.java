package io.limiter.regions;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.limiter.testsupport.LinkProxy;
import io.limiter.testsupport.RedisServerProcess;

/**
 * Three regions and a home on loopback: four standalone {@code redis-server}s, and between each region and the home a
 * {@link LinkProxy} that delays each direction by half the region's round trip. The region with 80 % of the demand is
 * the farthest, the hard case. Instances reach their region's Redis directly and the home through their region's
 * proxy.
 */
final class SimulatedRegions implements AutoCloseable {

	/** The regions' names, shares of the demand and round trips to the home, the farthest first. */
	static final List<RegionSpec> SPECS = List.of(new RegionSpec("far", 0.80, Duration.ofMillis(100)),
			new RegionSpec("mid", 0.15, Duration.ofMillis(75)), new RegionSpec("near", 0.05, Duration.ofMillis(50)));

	private final RedisServerProcess home;

	private final List<Region> regions = new ArrayList<>();

	private SimulatedRegions() {
		this.home = RedisServerProcess.start();
	}

	/**
	 * Starts the home, the regions' servers and the proxies.
	 * @return the running regions
	 * @throws IOException when a proxy cannot bind a port
	 */
	static SimulatedRegions start() throws IOException {
		SimulatedRegions simulated = new SimulatedRegions();
		try {
			for (RegionSpec spec : SPECS) {
				RedisServerProcess redis = RedisServerProcess.start();
				LinkProxy toHome = LinkProxy.to(simulated.home).delay(spec.roundTrip().dividedBy(2));
				simulated.regions.add(new Region(spec, redis, toHome));
			}
		}
		catch (IOException | RuntimeException ex) {
			simulated.close();
			throw ex;
		}
		return simulated;
	}

	/** {@return the home's server} */
	RedisServerProcess home() {
		return this.home;
	}

	/** {@return the regions, in the order of {@link #SPECS}} */
	List<Region> regions() {
		return this.regions;
	}

	/**
	 * Returns a region.
	 * @param index its index in {@link #SPECS}
	 * @return the region
	 */
	Region region(int index) {
		return this.regions.get(index);
	}

	/** Makes every server empty and every link whole again, for the next run. */
	void reset() {
		this.regions.forEach((region) -> region.toHome().heal());
		this.home.flushAll();
		this.regions.forEach((region) -> region.redis().flushAll());
	}

	@Override
	public void close() {
		this.regions.forEach((region) -> {
			region.toHome().close();
			region.redis().stop();
		});
		this.home.stop();
	}

	/**
	 * What a region is.
	 * @param name its name
	 * @param share its share of the demand
	 * @param roundTrip its round trip to the home
	 */
	record RegionSpec(String name, double share, Duration roundTrip) {
	}

	/**
	 * A running region.
	 * @param spec what it is
	 * @param redis its Redis
	 * @param toHome its link to the home
	 */
	record Region(RegionSpec spec, RedisServerProcess redis, LinkProxy toHome) {
	}

}
