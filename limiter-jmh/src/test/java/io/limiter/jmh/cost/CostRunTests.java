package io.limiter.jmh.cost;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CostRunTests {

	@Test
	void aRunSelectsExactlyItsPathsAndSetsItsLimitOnOneKey() {
		List<String> arguments = CostRun.DENIAL.jmhArguments("redis://127.0.0.1:6390");
		Pattern benchmarks = Pattern.compile(arguments.get(0));
		assertThat(benchmarks.matcher("io.limiter.jmh.RedisLimiterBenchmark.defaults").find()).isTrue();
		assertThat(benchmarks.matcher("io.limiter.jmh.LocalLimiterBenchmark.inMemory").find()).isTrue();
		assertThat(benchmarks.matcher("io.limiter.jmh.LocalLimiterBenchmark.inMemoryBlock").find()).isFalse();
		assertThat(benchmarks.matcher("io.limiter.jmh.LocalLimiterBenchmark.concurrency").find()).isFalse();
		assertThat(arguments.subList(1, arguments.size())).containsExactly("-p", "scenario=per_user", "-p", "burst=1",
				"-p", "rate=1", "-p", "algorithm=TOKEN_BUCKET,GCRA,FIXED_WINDOW,SLIDING_WINDOW_COUNTER,SLIDING_WINDOW_LOG",
				"-p", "maxInFlight=1000", "-p", "redis=redis://127.0.0.1:6390");
	}

	@Test
	void grantsRunNeitherTheLogNorTheCalendarAndDenialsNeitherConcurrencyNorTheMocksAlone() {
		assertThat(CostRun.GRANT.paths()).doesNotContain(CostRun.Path.CALENDAR_DAY, CostRun.Path.REDIS_CALENDAR_DAY)
			.contains(CostRun.Path.CONCURRENCY, CostRun.Path.REDIS_CONCURRENCY, CostRun.Path.SERVLET_MOCKS);
		assertThat(CostRun.GRANT.jmhArguments("r")).contains("burst=100000", "rate=100000000",
				"algorithm=TOKEN_BUCKET,GCRA,FIXED_WINDOW,SLIDING_WINDOW_COUNTER");
		assertThat(CostRun.DENIAL.paths()).doesNotContain(CostRun.Path.CONCURRENCY, CostRun.Path.REDIS_CONCURRENCY,
				CostRun.Path.SERVLET_MOCKS, CostRun.Path.WEBFLUX_MOCKS);
	}

}
