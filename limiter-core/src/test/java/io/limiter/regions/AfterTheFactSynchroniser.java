package io.limiter.regions;

import java.util.function.LongSupplier;

import io.limiter.LimiterBackendException;
import io.limiter.RateLimiter;

/**
 * One region's synchroniser of the after-the-fact baseline, as Gubernator's {@code GLOBAL} behaviour, Upstash's
 * multi-region limiter and WSO2's asynchronous throttling synchronise: each round it reports to the home the permits
 * the region granted since its last report ({@code penalize}, which takes them even into debt), reads what the home
 * has left ({@code peek}), and sets the region's key to that less what the region granted meanwhile ({@code reset},
 * then {@code penalize} of the difference: two calls whose race it accepts, as the designs it stands for do). All
 * through the public API. A round that fails leaves its report to the next one.
 */
final class AfterTheFactSynchroniser implements Runnable {

	private final RateLimiter home;

	private final RateLimiter region;

	private final LongSupplier grantedInRegion;

	private long reported;

	private long failures;

	/**
	 * Makes a synchroniser.
	 * @param home the limit at the home, reached through the region's link
	 * @param region the limit in the region's Redis
	 * @param grantedInRegion the permits the region's instances granted so far
	 */
	AfterTheFactSynchroniser(RateLimiter home, RateLimiter region, LongSupplier grantedInRegion) {
		this.home = home;
		this.region = region;
		this.grantedInRegion = grantedInRegion;
	}

	/** One round: report, read, set. */
	@Override
	public void run() {
		try {
			long granted = this.grantedInRegion.getAsLong();
			if (granted > this.reported) {
				this.home.penalize(Simulation.KEY, granted - this.reported);
			}
			this.reported = granted;
			long homeRemaining = this.home.peek(Simulation.KEY).remaining();
			long target = homeRemaining - (this.grantedInRegion.getAsLong() - granted);
			this.region.reset(Simulation.KEY);
			long capacity = this.region.limit().capacity();
			if (target < capacity) {
				this.region.penalize(Simulation.KEY, capacity - Math.max(0, target));
			}
		}
		catch (LimiterBackendException ex) {
			this.failures++;
		}
	}

	/** {@return the rounds that failed} */
	long failures() {
		return this.failures;
	}

}
