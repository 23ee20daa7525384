package io.limiter.jmh.ratio;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.limiter.jmh.ratio.RatioOptions.Ratio;

import static org.assertj.core.api.Assertions.assertThat;

class RoundResultsTests {

	@Test
	void eachRatioIsTakenWithinARoundAndSummarizedOverTheRounds() {
		RoundResults results = new RoundResults();
		results.newRound();
		results.record("fast", 300, 1.0);
		results.record("slow", 100, 4.0);
		results.newRound();
		results.record("slow", 50, 4.0);
		results.record("fast", 200, 1.0);
		results.newRound();
		results.record("fast", 90, Double.NaN);
		Ratio ratio = new Ratio("fast", "slow");
		assertThat(results.perRound(ratio)).containsExactly(3.0, 4.0);
		assertThat(results.scores("fast")).containsExactly(300.0, 200.0, 90.0);
		assertThat(results.format(List.of(ratio, new Ratio("fast", "none")), List.of("fast", "slow", "none")))
			.isEqualTo("""
					| ratio | median | min | max | per round |
					| --- | ---: | ---: | ---: | --- |
					| fast / slow | 3.50x | 3.00x | 4.00x | 3.00 4.00 |
					| fast / none | - | - | - | - |

					| variant | median ops/s | min | max | Redis calls/op |
					| --- | ---: | ---: | ---: | ---: |
					| fast | 200 | 90 | 300 | 1.0000 |
					| slow | 75 | 50 | 100 | 4.0000 |
					""");
	}

}
