package io.limiter.samples.demo;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.PackageBoundary;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo uses Limiter as an application would: no internal package of the core or of the starter, and not the
 * core's package for integrations.
 */
class InternalBoundaryTests {

	@Test
	void theDemoUsesOnlyPublicApi() {
		assertThat(PackageBoundary.of(Path.of("src/main/java"))
			.forbid("io.limiter.internal")
			.forbid("io.limiter.integration")
			.forbid("io.limiter.spring.internal")
			.violations()).isEmpty();
	}

}
