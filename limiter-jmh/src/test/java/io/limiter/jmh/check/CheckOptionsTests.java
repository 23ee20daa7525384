package io.limiter.jmh.check;

import java.util.List;

import io.limiter.jmh.BenchmarkLimit;
import io.limiter.jmh.Scenario;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CheckOptionsTests {

	@Test
	void defaultsToTheOverGrantTestOfBenchmarkingTokenBucketRateLimiters() {
		CheckOptions options = CheckOptions.parse();
		assertThat(options.redis()).isNull();
		assertThat(options.threads()).isEqualTo(64);
		assertThat(options.seconds()).isEqualTo(3);
		assertThat(options.limit()).isEqualTo(new BenchmarkLimit(10, 10));
		assertThat(options.scenarios()).containsExactly(Scenario.HOT_KEY, Scenario.PER_USER);
		assertThat(options.help()).isFalse();
	}

	@Test
	void readsEveryOptionWithOrWithoutEquals() {
		CheckOptions options = CheckOptions.parse("--redis", "h1:7000,h2:7001", "--threads=8", "--seconds", "2",
				"--burst=20", "--rate", "5", "--scenario=per_user");
		assertThat(options.redis()).isEqualTo("h1:7000,h2:7001");
		assertThat(options.threads()).isEqualTo(8);
		assertThat(options.seconds()).isEqualTo(2);
		assertThat(options.limit()).isEqualTo(new BenchmarkLimit(20, 5));
		assertThat(options.scenarios()).isEqualTo(List.of(Scenario.PER_USER));
		assertThat(CheckOptions.parse("--scenario", "all").scenarios()).hasSize(2);
		assertThat(CheckOptions.parse("--threads", "2", "--help").help()).isTrue();
	}

	@Test
	void namesTheOptionAndTheValueOfEveryError() {
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--threads", "many"))
			.withMessage("--threads must be a whole number from 1 to 4096 but was 'many'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--seconds=0"))
			.withMessage("--seconds must be a whole number from 1 to 3600 but was '0'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--burst", "-3"))
			.withMessage("--burst must be a whole number from 1 to 100000 but was '-3'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--scenario", "cold"))
			.withMessage("--scenario must be hot_key, per_user or all but was 'cold'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--scenario", "many_keys"))
			.withMessage("--scenario must be hot_key, per_user or all but was 'many_keys'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--redis", "localhost"))
			.withMessageStartingWith("--redis must be a redis:// URL or host:port seeds")
			.withMessageContaining("'localhost'");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--rate", "3"))
			.withMessage("--rate must divide --burst x 1000 so that the refill period is a whole number of "
					+ "milliseconds, but --burst was 10 and --rate was 3");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--threads"))
			.withMessage("--threads needs a value");
		assertThatIllegalArgumentException().isThrownBy(() -> CheckOptions.parse("--speed", "9"))
			.withMessage("unknown option '--speed'; see --help");
	}

}
