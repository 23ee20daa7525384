package io.limiter.spring;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.PackageBoundary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter uses only core's public API: none of its internal packages.
 */
class InternalBoundaryTests {

	@Test
	void theStarterUsesNoInternalsOfTheCore() {
		assertThat(PackageBoundary.of(Path.of("src/main/java"))
			.forbid("io.limiter.internal")
			.violations()).isEmpty();
	}

}
