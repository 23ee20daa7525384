package io.limiter.jmh;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.PackageBoundary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmarks use core's public API and its one documented door for them, {@code io.limiter.internal.benchmark},
 * and no other internal package, nor the core's package for integrations.
 */
class InternalBoundaryTests {

	@Test
	void benchmarksReachTheInternalsOnlyThroughTheirDoor() {
		assertThat(PackageBoundary.of(Path.of("src/main/java"))
			.forbid("io.limiter.internal")
			.allow("io.limiter.internal.benchmark")
			.forbid("io.limiter.integration")
			.forbid("io.limiter.spring.internal")
			.violations()).isEmpty();
	}

}
