package io.limiter.jmh;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.limiter.Algorithm;
import io.limiter.jmh.check.Candidate;
import io.limiter.jmh.check.Candidates;
import io.limiter.jmh.check.CheckOptions;
import io.limiter.jmh.check.CheckRow;
import io.limiter.testsupport.RedisFixtures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OverGrantCheckIntegrationTests {

	private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

	private static List<Candidate> tokenBucketsOnRedis() {
		return Candidates.ALL.stream()
			.filter((candidate) -> !candidate.impl().equals("in-memory"))
			.map((candidate) -> new Candidate(candidate.impl(), candidate.baseline(), List.of(Algorithm.TOKEN_BUCKET),
					candidate.opener()))
			.toList();
	}

	@Test
	void onTheClusterOurTokenBucketsStayWithinTheBudgetOfEveryKeyAndTheOptimisticBaselineToo() throws InterruptedException {
		List<CheckRow> rows = OverGrantCheck.check(CheckOptions.parse("--threads", "16", "--seconds", "1", "--scenario", "per_user"),
				tokenBucketsOnRedis(), QUIET);
		assertThat(rows).hasSize(6);
		assertThat(rows).filteredOn((row) -> !row.baseline()).allSatisfy((row) -> {
			assertThat(row.verdict()).isEqualTo("ok");
			// each key's use hangs on how often its one thread runs, which a busy two-core host decides
			assertThat(row.utilPct()).isBetween(30.0, 100.0);
			assertThat(row.errors()).isZero();
		});
		assertThat(rows).filteredOn((row) -> row.impl().equals("watch-multi-exec"))
			.allSatisfy((row) -> assertThat(row.allowed()).isLessThanOrEqualTo(row.max()));
		assertThat(rows).filteredOn(CheckRow::baseline).extracting(CheckRow::verdict).containsOnly("baseline");
	}

	@Test
	void runsAgainstANamedStandaloneServer() throws InterruptedException {
		List<CheckRow> rows = OverGrantCheck.check(CheckOptions.parse("--redis", RedisFixtures.standalone().uri(),
				"--threads", "8", "--seconds", "1", "--scenario", "hot_key"), tokenBucketsOnRedis(), QUIET);
		assertThat(rows).extracting(CheckRow::impl)
			.containsExactly("redis-defaults", "redis-server-time", "redis-client-time", "redis-two-tier", "multi-cmd",
					"watch-multi-exec");
		assertThat(rows).filteredOn((row) -> !row.baseline())
			.allSatisfy((row) -> assertThat(row.utilPct()).isBetween(80.0, 100.0));
	}

	@Test
	void explainsBadOptionsAndPrintsUsage() throws InterruptedException {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		assertThat(OverGrantCheck.run(new String[] { "--threads", "0" }, new PrintStream(out, true, StandardCharsets.UTF_8),
				new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8))
			.contains("--threads must be a whole number from 1 to 4096 but was '0'");
		assertThat(OverGrantCheck.run(new String[] { "--help" }, new PrintStream(out, true, StandardCharsets.UTF_8),
				QUIET)).isZero();
		assertThat(out.toString(StandardCharsets.UTF_8)).contains("--scenario <s>");
	}

}
