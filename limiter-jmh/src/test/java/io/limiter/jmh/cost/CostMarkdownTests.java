package io.limiter.jmh.cost;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CostMarkdownTests {

	private static final int SCRIPT = CostRun.Path.REDIS_SCRIPT.ordinal();

	private static final int MEMORY = CostRun.Path.IN_MEMORY.ordinal();

	@Test
	void twoJarsSideBySideWithTheMediansAndTheRatioTakenWithinEachRound() {
		CostRounds rounds = new CostRounds(2);
		double[][] beforeAfterCpu = { { 20000, 15000 }, { 30000, 24000 }, { 25000, 25000 } };
		for (double[] cpu : beforeAfterCpu) {
			rounds.newRound();
			rounds.record(0, List.of(new CostSample("RedisLimiterBenchmark.luaEvalSha", SCRIPT, "denial", cpu[0], 1500),
					new CostSample("LocalLimiterBenchmark.inMemory GCRA", MEMORY, "grant", 50, 0.01)));
			rounds.record(1, List.of(new CostSample("RedisLimiterBenchmark.luaEvalSha", SCRIPT, "denial", cpu[1], 1200),
					new CostSample("LocalLimiterBenchmark.inMemory GCRA", MEMORY, "grant", 40, 0.01)));
		}
		// the ratios of the rounds: 0.75, 0.8 and 1.0
		assertThat(CostMarkdown.render(rounds, List.of("base.jar", "new.jar"))).isEqualTo("""
				| path | decision | CPU ns, base.jar | CPU ns, new.jar | CPU ratio (min-max) | bytes, base.jar | bytes, new.jar | bytes ratio |
				| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |
				| LocalLimiterBenchmark.inMemory GCRA | grant | 50.0 | 40.0 | 0.80x (0.80-0.80) | 0 | 0 | - |
				| RedisLimiterBenchmark.luaEvalSha | denial | 25,000 | 24,000 | 0.80x (0.75-1.00) | 1,500 | 1,200 | 0.80x |
				""");
	}

	@Test
	void oneJarWithTheSpreadOfItsRoundsGrantsBeforeDenialsAndARowMissingFromARound() {
		CostRounds rounds = new CostRounds(1);
		rounds.newRound();
		rounds.record(0, List.of(new CostSample("RedisLimiterBenchmark.luaEvalSha", SCRIPT, "denial", 21000, 1500),
				new CostSample("RedisLimiterBenchmark.luaEvalSha", SCRIPT, "grant", 23000, 1600)));
		rounds.newRound();
		rounds.record(0, List.of(new CostSample("RedisLimiterBenchmark.luaEvalSha", SCRIPT, "grant", 25000, 1600)));
		assertThat(CostMarkdown.render(rounds, List.of("base.jar"))).isEqualTo("""
				| path | decision | CPU ns/decision (min-max) | bytes/decision |
				| --- | --- | ---: | ---: |
				| RedisLimiterBenchmark.luaEvalSha | grant | 24,000 (23,000-25,000) | 1,600 |
				| RedisLimiterBenchmark.luaEvalSha | denial | 21,000 (21,000-21,000) | 1,500 |
				""");
	}

	@Test
	void aRowThatOneJarLacksHasNoRatio() {
		CostRounds rounds = new CostRounds(2);
		rounds.newRound();
		rounds.record(1, List.of(new CostSample("StarterFilterBenchmark.servletFilter",
				CostRun.Path.SERVLET_FILTER.ordinal(), "grant", 900, 700)));
		assertThat(CostMarkdown.render(rounds, List.of("a.jar", "b.jar")))
			.endsWith("| StarterFilterBenchmark.servletFilter | grant | - | 900 | - | - | 700 | - |\n");
	}

	@Test
	void oneOrTwoJars() {
		assertThatIllegalArgumentException().isThrownBy(() -> new CostRounds(3))
			.withMessage("jars must be 1 or 2 but was 3");
	}

}
