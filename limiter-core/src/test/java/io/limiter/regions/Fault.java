package io.limiter.regions;

import java.time.Duration;

/**
 * The faults of the simulation, each injected {@link Simulation#FAULT_AT} into a run.
 */
enum Fault {

	/** None. */
	NONE("none") {
		@Override
		void inject(SimulatedRegions regions) {
		}
	},

	/** The 80 % region's link to the home severed for 12 s, longer than a loan's lease, then healed. */
	REGION_CUT_OFF("80 % region cut off 12 s") {
		@Override
		void inject(SimulatedRegions regions) throws InterruptedException {
			regions.region(0).toHome().sever();
			Thread.sleep(CUT_OFF.toMillis());
			regions.region(0).toHome().heal();
		}
	},

	/** The home killed ({@code SIGKILL}) and restarted empty 2 s later. */
	HOME_LOST("home lost, back empty after 2 s") {
		@Override
		void inject(SimulatedRegions regions) throws InterruptedException {
			regions.home().kill();
			Thread.sleep(HOME_DOWN.toMillis());
			regions.home().restart();
		}
	},

	/** The 15 % region's Redis killed and restarted empty 0.5 s later. */
	REGION_RESTARTED("15 % region's Redis restarted empty") {
		@Override
		void inject(SimulatedRegions regions) throws InterruptedException {
			regions.region(1).redis().kill();
			Thread.sleep(REGION_DOWN.toMillis());
			regions.region(1).redis().restart();
		}
	};

	static final Duration CUT_OFF = Duration.ofSeconds(12);

	static final Duration HOME_DOWN = Duration.ofSeconds(2);

	static final Duration REGION_DOWN = Duration.ofMillis(500);

	private final String description;

	Fault(String description) {
		this.description = description;
	}

	/**
	 * Injects the fault, and heals it.
	 * @param regions where
	 * @throws InterruptedException when interrupted
	 */
	abstract void inject(SimulatedRegions regions) throws InterruptedException;

	@Override
	public String toString() {
		return this.description;
	}

}
