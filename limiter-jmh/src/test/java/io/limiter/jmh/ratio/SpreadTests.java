package io.limiter.jmh.ratio;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class SpreadTests {

	@Test
	void medianOfAnOddAndAnEvenCountWithTheExtremes() {
		assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
		assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(new Spread(2.5, 1.0, 4.0, 4));
		assertThat(Spread.of(List.of(2.0, 1.0, 3.0)).widthPct()).isEqualTo(100.0);
		assertThat(Spread.of(List.of(2.314, 1.98, 2.6, 2.2, 2.5)).asRatio()).isEqualTo("2.31x (1.98-2.60, n=5)");
	}

	@Test
	void needsAValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> Spread.of(List.of()))
			.withMessage("a spread needs at least one value");
	}

}
