package io.limiter.jmh.cost;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CostJsonTests {

	@TempDir
	Path directory;

	static Path sample() throws URISyntaxException {
		return Path.of(CostJsonTests.class.getResource("cost-sample.json").toURI());
	}

	@Test
	void readsTheCpuTimeAndTheBytesPerDecisionOfEachPath() throws URISyntaxException {
		List<CostSample> samples = CostJson.read(sample(), "denial");
		assertThat(samples).containsExactly(
				new CostSample("LocalLimiterBenchmark.inMemory GCRA", CostRun.Path.IN_MEMORY.ordinal(), "denial", 75.25,
						0.009),
				new CostSample("RedisLimiterBenchmark.defaults", CostRun.Path.REDIS_DEFAULTS.ordinal(), "denial",
						21000.0, 1480.0));
		assertThat(samples.get(0).row()).isEqualTo("LocalLimiterBenchmark.inMemory GCRA (denial)");
	}

	@Test
	void rejectsAResultWithoutTheProfilersOrOfABenchmarkThatIsNoPath() throws IOException {
		Path noCpu = Files.writeString(this.directory.resolve("no-cpu.json"), """
				[{"benchmark": "io.limiter.jmh.LocalLimiterBenchmark.guava", "params": {},
				  "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 1.0}}}]
				""");
		assertThatIllegalArgumentException().isThrownBy(() -> CostJson.read(noCpu, "grant"))
			.withMessageContaining("no-cpu.json has no cpu.time.norm for io.limiter.jmh.LocalLimiterBenchmark.guava")
			.withMessageContaining("-prof " + ClientCpuProfiler.class.getName());
		Path other = Files.writeString(this.directory.resolve("other.json"), """
				[{"benchmark": "io.limiter.jmh.LocalLimiterBenchmark.floor", "params": {}, "secondaryMetrics": {}}]
				""");
		assertThatIllegalArgumentException().isThrownBy(() -> CostJson.read(other, "grant"))
			.withMessageContaining("'io.limiter.jmh.LocalLimiterBenchmark.floor', which is no path");
		Path notJmh = Files.writeString(this.directory.resolve("not-jmh.json"), "{\"a\": 1}");
		assertThatIllegalArgumentException().isThrownBy(() -> CostJson.read(notJmh, "grant"))
			.withMessageContaining("not-jmh.json is not JMH's JSON");
	}

}
