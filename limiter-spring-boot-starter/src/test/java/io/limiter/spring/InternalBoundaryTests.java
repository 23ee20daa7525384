package io.limiter.spring;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.PackageBoundary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter uses core's public API and its package for integrations ({@code io.limiter.integration}), none of its
 * internal packages.
 */
class InternalBoundaryTests {

	@Test
	void theStarterUsesNoInternalsOfTheCore() {
		assertThat(PackageBoundary.of(Path.of("src/main/java"))
			.forbid("io.limiter.internal")
			.violations()).isEmpty();
	}

}
