package io.limiter.regions;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.limiter.FailurePolicy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The simulation of one budget across regions ({@code src/docs/regions.md}, "The simulation"): a home and three
 * regions on loopback, each region's link to the home delayed, two instances per region under an open-loop load with
 * skewed demand, and the faults of the design. Each run is a row of the table, printed in markdown at the end, and
 * checks what its design promises.
 * <p>
 * The default test run takes the rows that show each design's defining property; with
 * {@code -Dlimiter.regions.simulation=full} it takes every row of the table (several minutes).
 */
class RegionsSimulationIntegrationTests {

	/** The system property that selects every row: {@code -Dlimiter.regions.simulation=full}. */
	static final String ROWS_PROPERTY = "limiter.regions.simulation";

	private static final Design REFERENCE = new SingleRegionReference();

	private static final Design NAIVE_SPLIT = new NaiveSplit();

	private static final Design AFTER_THE_FACT = new AfterTheFactSync();

	private static final List<Row> rows = new ArrayList<>();

	private static SimulatedRegions regions;

	@BeforeAll
	static void startRegions() throws Exception {
		regions = SimulatedRegions.start();
	}

	@AfterAll
	static void printTableAndStop() {
		System.out.println(Row.HEADER);
		rows.forEach((row) -> System.out.println(row.markdown()));
		if (regions != null) {
			regions.close();
		}
	}

	static Stream<Arguments> runs() {
		boolean full = "full".equals(System.getProperty(ROWS_PROPERTY));
		List<Arguments> runs = new ArrayList<>();
		runs.add(Arguments.of(REFERENCE, Fault.NONE, FailurePolicy.LOCAL_FALLBACK));
		runs.add(Arguments.of(NAIVE_SPLIT, Fault.NONE, FailurePolicy.LOCAL_FALLBACK));
		if (full) {
			runs.add(Arguments.of(NAIVE_SPLIT, Fault.REGION_RESTARTED, FailurePolicy.LOCAL_FALLBACK));
			runs.add(Arguments.of(AFTER_THE_FACT, Fault.NONE, FailurePolicy.LOCAL_FALLBACK));
		}
		runs.add(Arguments.of(AFTER_THE_FACT, Fault.REGION_CUT_OFF, FailurePolicy.LOCAL_FALLBACK));
		if (full) {
			runs.add(Arguments.of(AFTER_THE_FACT, Fault.HOME_LOST, FailurePolicy.LOCAL_FALLBACK));
			runs.add(Arguments.of(AFTER_THE_FACT, Fault.REGION_RESTARTED, FailurePolicy.LOCAL_FALLBACK));
		}
		return runs.stream();
	}

	@ParameterizedTest(name = "{0}, {1}, {2}")
	@MethodSource("runs")
	void eachDesignKeepsWhatItPromises(Design design, Fault fault, FailurePolicy policy) throws Exception {
		Row row = run(design, fault, policy);
		if (design == NAIVE_SPLIT) {
			assertThat(row.granted()).as("within the regions' limits: %s", row.markdown())
				.isLessThanOrEqualTo(row.bound());
			if (fault == Fault.NONE) {
				assertThat(row.granted()).as("under the budget: %s", row.markdown())
					.isLessThanOrEqualTo(row.budget());
			}
		}
		else if (design == AFTER_THE_FACT) {
			if (fault == Fault.REGION_CUT_OFF) {
				assertThat(row.granted()).as("over the budget, the region cut off spending alone: %s", row.markdown())
					.isGreaterThan(row.budget());
			}
		}
		else {
			assertThat(row.granted()).as("within the bound: %s", row.markdown()).isLessThanOrEqualTo(row.bound());
			assertThat(row.degraded()).as("decided by Redis: %s", row.markdown()).isZero();
		}
	}

	private static Row run(Design design, Fault fault, FailurePolicy policy) throws Exception {
		regions.reset();
		try (Deployment deployment = design.deploy(regions, policy)) {
			OpenLoopLoad load = new OpenLoopLoad(deployment.instances(), List.of(Simulation.KEY));
			long elapsed = load.run(Simulation.LENGTH, Simulation.WARM_UP, Simulation.FAULT_AT,
					() -> fault.inject(regions));
			assertThat(load.exceptions()).as("exceptions that reached a caller").isEmpty();
			assertThat(load.answered()).as("requests answered").isEqualTo(load.offered());
			List<CountingObserver> observers = deployment.instances().stream().map(Instance::observer).toList();
			Row row = new Row(design.name(), (fault == Fault.REGION_CUT_OFF) ? fault + ", " + policy : fault.toString(),
					observers.stream().mapToLong(CountingObserver::granted).sum(),
					Simulation.budget(Simulation.LIMIT, elapsed), deployment.bound(elapsed, fault), load.offered(),
					observers.stream().mapToLong(CountingObserver::degraded).sum(), deployment.misses(),
					load.latencyMicros());
			rows.add(row);
			System.out.println(row.markdown());
			return row;
		}
	}

}
