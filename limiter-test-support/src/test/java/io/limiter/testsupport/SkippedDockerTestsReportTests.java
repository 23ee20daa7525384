package io.limiter.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SkippedDockerTestsReport} names, in one line, the Docker classes of the module that a run leaves out, as
 * many as {@code -Dtest} chose, and says nothing when the run includes them.
 */
class SkippedDockerTestsReportTests {

	private Properties saved;

	private PrintStream out;

	private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

	@BeforeEach
	void capture() {
		this.saved = (Properties) System.getProperties().clone();
		this.out = System.out;
		System.setOut(new PrintStream(this.printed, true, StandardCharsets.UTF_8));
		System.setProperty(SkippedDockerTestsReport.TEST_CLASSES,
				Path.of(SkippedDockerTestsReportTests.class.getProtectionDomain().getCodeSource().getLocation().getPath())
					.toString());
		System.clearProperty("test");
		System.clearProperty(SkippedDockerTestsReport.GROUPS);
	}

	@AfterEach
	void restore() {
		System.setOut(this.out);
		System.setProperties(this.saved);
	}

	@Test
	void namesEveryDockerClassOfTheModuleOnceWhenTheTagIsLeftOut() {
		System.setProperty(SkippedDockerTestsReport.EXCLUDED_GROUPS, "gateway-webflux,docker");
		new SkippedDockerTestsReport().testPlanExecutionFinished(null);
		assertThat(printed()).isEqualTo("Left out for want of Docker (tag docker): DockerRedisClusterTests, "
				+ "RedisFixturesInDockerTests, RedisServerContainerTests. To run them: src/test-images/redis/build.sh, "
				+ "then LIMITER_DOCKER=required ./mvnw -B verify (README.md, Tests).\n");
	}

	@Test
	void namesOnlyTheDockerClassesThatTheRunChose() {
		System.setProperty(SkippedDockerTestsReport.EXCLUDED_GROUPS, "docker");
		System.setProperty("test", "Redis*Docker*,SkippedDockerTestsReportTests#names*");
		new SkippedDockerTestsReport().testPlanExecutionFinished(null);
		assertThat(printed()).startsWith("Left out for want of Docker (tag docker): RedisFixturesInDockerTests. ");
		System.setProperty("test", "SkippedDockerTestsReportTests");
		this.printed.reset();
		new SkippedDockerTestsReport().testPlanExecutionFinished(null);
		assertThat(printed()).isEmpty();
	}

	@Test
	void saysNothingWhenTheRunIncludesTheTag() {
		System.setProperty(SkippedDockerTestsReport.EXCLUDED_GROUPS, "");
		new SkippedDockerTestsReport().testPlanExecutionFinished(null);
		System.clearProperty(SkippedDockerTestsReport.EXCLUDED_GROUPS);
		new SkippedDockerTestsReport().testPlanExecutionFinished(null);
		assertThat(printed()).isEmpty();
	}

	private String printed() {
		return this.printed.toString(StandardCharsets.UTF_8);
	}

}
