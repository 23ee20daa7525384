package io.limiter.jmh;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

class ZipfKeysTests {

	@Test
	void theKeyOfRankRIsDrawnInProportionToOneOverR() {
		ZipfKeys keys = new ZipfKeys("", 1000, 1.0);
		Map<String, Integer> counts = count(keys.draw(42, 1 << 20));
		double harmonic = 0;
		for (int rank = 1; rank <= 1000; rank++) {
			harmonic += 1.0 / rank;
		}
		double first = counts.get("key-1") / (double) (1 << 20);
		assertThat(first).isCloseTo(1 / harmonic, within(0.005));
		assertThat(counts.get("key-1") / (double) counts.get("key-2")).isCloseTo(2.0, within(0.1));
		assertThat(counts.get("key-1") / (double) counts.get("key-10")).isCloseTo(10.0, within(1.0));
	}

	@Test
	void exponentZeroDrawsUniformly() {
		Map<String, Integer> counts = count(new ZipfKeys("p:", 4, 0).draw(7, 40_000));
		assertThat(counts).hasSize(4).containsKeys("p:key-1", "p:key-4");
		assertThat(counts.values()).allSatisfy((count) -> assertThat(count).isBetween(9_500, 10_500));
	}

	@Test
	void theSameSeedDrawsTheSameSequence() {
		ZipfKeys keys = new ZipfKeys("", 100, 1.0);
		assertThat(keys.draw(3, 64)).isEqualTo(keys.draw(3, 64)).isNotEqualTo(keys.draw(4, 64));
		assertThat(keys.all()).hasSize(100).startsWith("key-1", "key-2");
	}

	@Test
	void badSettingsAreRefusedNamingTheValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ZipfKeys("", 0, 1.0))
			.withMessage("count must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new ZipfKeys("", 10, -0.5))
			.withMessage("exponent must be at least 0 but was -0.5");
	}

	private static Map<String, Integer> count(String[] drawn) {
		Map<String, Integer> counts = new HashMap<>();
		Arrays.stream(drawn).forEach((key) -> counts.merge(key, 1, Integer::sum));
		return counts;
	}

}
