package io.limiter.jmh.check;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ResultTableTests {

	@Test
	void printsAHeaderAndOneWhitespaceSeparatedLinePerRow() {
		String table = ResultTable.format(List.of(
				new CheckRow("redis-server-time", "token-bucket", "hot_key", 64, 3, 40, 40, 0, false),
				new CheckRow("in-memory", "sliding-window-log", "per_user", 64, 3, 2561, 2560, 0, false),
				new CheckRow("multi-cmd", "token-bucket", "hot_key", 64, 3, 123, 40, 0, true)));
		String[] lines = table.split("\n");
		assertThat(lines).hasSize(4);
		assertThat(lines[0].split("\\s+")).containsExactly("impl", "algorithm", "scenario", "threads", "seconds",
				"allowed", "max", "util_pct", "errors", "verdict");
		assertThat(lines[1].split("\\s+")).containsExactly("redis-server-time", "token-bucket", "hot_key", "64", "3",
				"40", "40", "100.0", "0", "ok");
		assertThat(lines[2].split("\\s+")).endsWith("2561", "2560", "100.0", "0", "OVER");
		assertThat(lines[3].split("\\s+")).endsWith("123", "40", "307.5", "0", "baseline");
		assertThat(lines[1].indexOf("token-bucket")).isEqualTo(lines[0].indexOf("algorithm"));
	}

	@Test
	void onlyRowsOfOursOverTheirMaximumFail() {
		assertThat(new CheckRow("x", "gcra", "hot_key", 1, 1, 21, 20, 0, false).failed()).isTrue();
		assertThat(new CheckRow("x", "gcra", "hot_key", 1, 1, 20, 20, 0, false).failed()).isFalse();
		assertThat(new CheckRow("x", "gcra", "hot_key", 1, 1, 99, 20, 0, true).failed()).isFalse();
	}

}
