package io.limiter.jmh.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class JmhJsonTests {

	@TempDir
	Path directory;

	static Path sample() throws URISyntaxException {
		return Path.of(JmhJsonTests.class.getResource("jmh-sample.json").toURI());
	}

	@Test
	void readsThroughputAndDerivesCallsPerOpAndUtilFromTheRawCounters() throws URISyntaxException {
		List<BenchmarkResult> results = JmhJson.read(sample());
		assertThat(results).hasSize(3);
		BenchmarkResult lua = results.get(0);
		assertThat(lua.benchmark()).isEqualTo("RedisLimiterBenchmark");
		assertThat(lua.variant()).isEqualTo("luaEvalSha");
		assertThat(lua.scenario()).isEqualTo("hot_key");
		assertThat(lua.threads()).isEqualTo(2);
		assertThat(lua.opsPerSecond()).isEqualTo(16000.0);
		assertThat(lua.nanosPerOp()).isCloseTo(62500.0, within(0.01));
		// 32000 calls for 1000 allowed + 31000 denied; 1000 allowed of 500/s x 1 key x 2 iterations that each
		// counted 2 threads x 1 s
		assertThat(lua.redisCallsPerOp()).isCloseTo(1.0, within(1e-9));
		assertThat(lua.utilPct()).isCloseTo(100.0, within(1e-9));
		BenchmarkResult bucket4j = results.get(1);
		assertThat(bucket4j.redisCallsPerOp()).isCloseTo(2.5, within(1e-9));
		assertThat(bucket4j.utilPct()).isCloseTo(150.0, within(1e-9));
	}

	@Test
	void namesTheVariantByMethodAndOwnParametersAndLeavesUncountedMetricsOut() throws URISyntaxException {
		BenchmarkResult local = JmhJson.read(sample()).get(2);
		assertThat(local.benchmark()).isEqualTo("LocalLimiterBenchmark");
		assertThat(local.variant()).isEqualTo("inMemory algorithm=GCRA");
		assertThat(local.scenario()).isEqualTo("per_user");
		assertThat(local.redisCallsPerOp()).isNaN();
		assertThat(local.utilPct()).isNaN();
	}

	@Test
	void rejectsAFileThatIsNotJmhOutput() throws IOException {
		Path notJmh = Files.writeString(this.directory.resolve("other.json"), "{\"a\": 1}");
		assertThatIllegalArgumentException().isThrownBy(() -> JmhJson.read(notJmh))
			.withMessageContaining("other.json")
			.withMessageContaining("not JMH's JSON");
		Path broken = Files.writeString(this.directory.resolve("broken.json"), "[{");
		assertThatIllegalArgumentException().isThrownBy(() -> JmhJson.read(broken))
			.withMessageContaining("broken.json");
	}

}
