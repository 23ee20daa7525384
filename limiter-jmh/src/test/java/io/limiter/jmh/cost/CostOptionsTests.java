package io.limiter.jmh.cost;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CostOptionsTests {

	@Test
	void defaultsForOneJar() {
		CostOptions options = CostOptions.parse("base.jar");
		assertThat(options).isEqualTo(new CostOptions(List.of(Path.of("base.jar")), 3, 4, 3, null, null, false));
		assertThat(options.jarNames()).containsExactly("base.jar");
	}

	@Test
	void twoJarsAndEveryOption() {
		CostOptions options = CostOptions.parse("--rounds", "5", "--warmup", "6", "--time", "7", "--out", "t.md",
				"--work", "w", "/a/before.jar", "/b/after.jar");
		assertThat(options).isEqualTo(new CostOptions(List.of(Path.of("/a/before.jar"), Path.of("/b/after.jar")), 5,
				6, 7, Path.of("t.md"), Path.of("w"), false));
		assertThat(options.jarNames()).containsExactly("before.jar", "after.jar");
		assertThat(CostOptions.parse("/a/base.jar", "/b/base.jar").jarNames()).containsExactly("base.jar #1",
				"base.jar #2");
		assertThat(CostOptions.parse("--help").help()).isTrue();
	}

	@Test
	void badOptionsNameTheOptionAndTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> CostOptions.parse("--rounds", "0", "a.jar"))
			.withMessage("--rounds must be a whole number from 1 to 100 but was '0'");
		assertThatIllegalArgumentException().isThrownBy(() -> CostOptions.parse("--threads", "2", "a.jar"))
			.withMessage("unknown option '--threads'");
		assertThatIllegalArgumentException().isThrownBy(() -> CostOptions.parse("a.jar", "--out"))
			.withMessage("--out needs a value");
		assertThatIllegalArgumentException().isThrownBy(CostOptions::parse)
			.withMessage("name one or two benchmark jars but named 0: []");
		assertThatIllegalArgumentException().isThrownBy(() -> CostOptions.parse("a.jar", "b.jar", "c.jar"))
			.withMessage("name one or two benchmark jars but named 3: [a.jar, b.jar, c.jar]");
	}

}
