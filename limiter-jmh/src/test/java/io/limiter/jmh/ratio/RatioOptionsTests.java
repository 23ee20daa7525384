package io.limiter.jmh.ratio;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.limiter.jmh.ratio.RatioOptions.Ratio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RatioOptionsTests {

	@Test
	void defaultsAndEveryOption() {
		RatioOptions defaults = RatioOptions.parse("luaEvalSha/bucket4jLettuce");
		assertThat(defaults.benchmark()).isEqualTo("RedisLimiterBenchmark");
		assertThat(defaults.rounds()).isEqualTo(5);
		assertThat(defaults.warmupSeconds()).isEqualTo(2);
		assertThat(defaults.seconds()).isEqualTo(3);
		assertThat(defaults.threads()).isEqualTo(16);
		assertThat(defaults.params()).isEmpty();
		assertThat(defaults.redis()).isEmpty();
		RatioOptions options = RatioOptions.parse("--benchmark", "LocalLimiterBenchmark", "--rounds", "7", "--warmup",
				"3", "--time", "4", "--threads", "64", "-p", "scenario=per_user", "-p", "algorithm=GCRA", "--redis",
				"redis://h:1", "inMemory/floor", "guava/floor");
		assertThat(options.benchmark()).isEqualTo("LocalLimiterBenchmark");
		assertThat(options.rounds()).isEqualTo(7);
		assertThat(options.warmupSeconds()).isEqualTo(3);
		assertThat(options.seconds()).isEqualTo(4);
		assertThat(options.threads()).isEqualTo(64);
		assertThat(options.params()).isEqualTo(Map.of("scenario", "per_user", "algorithm", "GCRA"));
		assertThat(options.redis()).isEqualTo("redis://h:1");
		assertThat(options.ratios()).containsExactly(new Ratio("inMemory", "floor"), new Ratio("guava", "floor"));
		assertThat(options.variants()).isEqualTo(List.of("inMemory", "floor", "guava"));
		assertThat(RatioOptions.parse("--help").help()).isTrue();
	}

	@Test
	void aVariantMayCarryParametersOfItsOwn() {
		Ratio ratio = Ratio.parse("inMemory@algorithm=GCRA@scenario=per_user/floor");
		assertThat(Ratio.method(ratio.numerator())).isEqualTo("inMemory");
		assertThat(Ratio.params(ratio.numerator())).isEqualTo(Map.of("algorithm", "GCRA", "scenario", "per_user"));
		assertThat(Ratio.method(ratio.denominator())).isEqualTo("floor");
		assertThat(Ratio.params(ratio.denominator())).isEmpty();
	}

	@Test
	void badOptionsAreRefusedNamingTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse())
			.withMessage("name at least one ratio, as numerator/denominator");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("a/a"))
			.withMessage("a ratio must be two different benchmark variants as numerator/denominator "
					+ "(method or method@param=value) but was 'a/a'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("a/b/c"))
			.withMessage("a ratio must be two different benchmark variants as numerator/denominator "
					+ "(method or method@param=value) but was 'a/b/c'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("a@x/b"))
			.withMessage("a ratio must be two different benchmark variants as numerator/denominator "
					+ "(method or method@param=value) but was 'a@x/b'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("--rounds", "0", "a/b"))
			.withMessage("--rounds must be a whole number from 1 to 100 but was '0'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("--time", "x", "a/b"))
			.withMessage("--time must be a whole number from 1 to 600 but was 'x'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("-p", "scenario", "a/b"))
			.withMessage("-p must be name=value but was 'scenario'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("--benchmark", "Other", "a/b"))
			.withMessage("--benchmark must be RedisLimiterBenchmark or LocalLimiterBenchmark but was 'Other'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("--fast", "1", "a/b"))
			.withMessage("unknown option '--fast'");
		assertThatIllegalArgumentException().isThrownBy(() -> RatioOptions.parse("a/b", "--threads"))
			.withMessage("--threads needs a value");
	}

}
