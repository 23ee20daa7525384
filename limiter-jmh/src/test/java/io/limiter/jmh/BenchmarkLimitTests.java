package io.limiter.jmh;

import java.time.Duration;
import java.time.ZoneOffset;

import io.limiter.Algorithm;
import io.limiter.CalendarPeriod;
import io.limiter.Limit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BenchmarkLimitTests {

	@Test
	void turnsBurstAndRateIntoCapacityPerPeriod() {
		Limit millionOpsLimit = new BenchmarkLimit(1000, 500).limit(Algorithm.GCRA);
		assertThat(millionOpsLimit.algorithm()).isEqualTo(Algorithm.GCRA);
		assertThat(millionOpsLimit.capacity()).isEqualTo(1000);
		assertThat(millionOpsLimit.period()).isEqualTo(Duration.ofSeconds(2));
		assertThat(new BenchmarkLimit(10, 10).period()).isEqualTo(Duration.ofSeconds(1));
		assertThat(new BenchmarkLimit(10, 40).period()).isEqualTo(Duration.ofMillis(250));
	}

	@Test
	void aDailyQuotaIsTheBurstPerCalendarDayInUtcOrPerDayFromTheEpoch() {
		Limit calendar = new BenchmarkLimit(1000, 500).calendarDay();
		assertThat(calendar.algorithm()).isEqualTo(Algorithm.FIXED_WINDOW);
		assertThat(calendar.rates()).singleElement().satisfies((rate) -> {
			assertThat(rate.capacity()).isEqualTo(1000);
			assertThat(rate.calendarPeriod()).contains(CalendarPeriod.DAY);
			assertThat(rate.zone()).contains(ZoneOffset.UTC);
		});
		Limit period = new BenchmarkLimit(1000, 500).fixedWindowDay();
		assertThat(period).isEqualTo(Limit.of(Algorithm.FIXED_WINDOW, 1000, Duration.ofDays(1)));
	}

	@Test
	void rejectsValuesThatNameNoLimit() {
		assertThatIllegalArgumentException().isThrownBy(() -> new BenchmarkLimit(0, 10))
			.withMessage("burst must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new BenchmarkLimit(10, -1))
			.withMessage("rate must be at least 1 per second but was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> new BenchmarkLimit(10, 3))
			.withMessageContaining("burst was 10 and rate was 3");
	}

}
