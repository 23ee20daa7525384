package io.limiter.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class PackageBoundaryTests {

	@TempDir
	Path sources;

	@Test
	void findsImportsStaticImportsAndQualifiedNamesOfAForbiddenPackage() throws IOException {
		write("com/example/App.java", """
				package com.example;

				import io.limiter.internal.LimitNames;
				import static io.limiter.internal.redis.RedisEndpoints.mask;

				/** Uses {@link io.limiter.internal.StateKeys}. */
				class App {
					Object names = io.limiter.internal.algorithm.LimitAlgorithm.class;
				}
				""");
		assertThat(PackageBoundary.of(this.sources).forbid("io.limiter.internal").violations()).containsExactly(
				"com/example/App.java:3: io.limiter.internal.LimitNames",
				"com/example/App.java:4: io.limiter.internal.redis.RedisEndpoints.mask",
				"com/example/App.java:6: io.limiter.internal.StateKeys",
				"com/example/App.java:8: io.limiter.internal.algorithm.LimitAlgorithm.class");
	}

	@Test
	void allowsADoorAndPackagesThatOnlyShareAPrefix() throws IOException {
		write("com/example/Bench.java", """
				package com.example;

				import io.limiter.internal.benchmark.BenchmarkAccess;
				import io.limiter.spring.internal.LimitEnforcer;
				import io.limiter.internals.Other;
				import io.limiter.Limit;
				""");
		assertThat(PackageBoundary.of(this.sources)
			.forbid("io.limiter.internal")
			.allow("io.limiter.internal.benchmark")
			.violations()).isEmpty();
		assertThat(PackageBoundary.of(this.sources).forbid("io.limiter.internal").violations())
			.containsExactly("com/example/Bench.java:3: io.limiter.internal.benchmark.BenchmarkAccess");
	}

	@Test
	void aModulesOwnPackageDeclarationIsNoViolation() throws IOException {
		write("io/limiter/internal/Own.java", "package io.limiter.internal.redis;\n\nclass Own {\n}\n");
		assertThat(PackageBoundary.of(this.sources).forbid("io.limiter.internal").violations()).isEmpty();
	}

	@Test
	void aMissingSourceTreeFailsRatherThanPassing() {
		assertThatIllegalStateException()
			.isThrownBy(() -> PackageBoundary.of(this.sources.resolve("missing")).forbid("x").violations())
			.withMessageStartingWith("no sources at ");
	}

	private void write(String path, String source) throws IOException {
		Path file = this.sources.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, source);
	}

}
