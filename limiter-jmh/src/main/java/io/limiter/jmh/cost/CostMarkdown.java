package io.limiter.jmh.cost;

import java.util.List;
import java.util.Locale;

import io.limiter.jmh.ratio.Spread;

/**
 * Writes the cost table in markdown: per path and outcome, the median CPU time and bytes per decision over the
 * rounds, and with two jars both jars side by side and the ratio of the second to the first.
 */
public final class CostMarkdown {

	/**
	 * Below this many bytes per decision a path allocates nothing in the steady state (what is left is JMH's and
	 * the profilers' own, spread over the decisions), and a ratio of bytes says nothing.
	 */
	static final double NO_ALLOCATION_BYTES = 1;

	private CostMarkdown() {
	}

	/**
	 * Renders the table.
	 * @param rounds the measured rounds
	 * @param jarNames the name of each jar, for the headings
	 * @return the markdown table, one line per row
	 */
	public static String render(CostRounds rounds, List<String> jarNames) {
		StringBuilder table = new StringBuilder();
		if (rounds.jars() == 1) {
			table.append("| path | decision | CPU ns/decision (min-max) | bytes/decision |\n");
			table.append("| --- | --- | ---: | ---: |\n");
		}
		else {
			String before = jarNames.get(0);
			String after = jarNames.get(1);
			table.append(String.format(Locale.ROOT,
					"| path | decision | CPU ns, %s | CPU ns, %s | CPU ratio (min-max) | bytes, %s | bytes, %s | "
							+ "bytes ratio |%n",
					before, after, before, after));
			table.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
		}
		for (CostSample row : rounds.rows()) {
			table.append("| ").append(row.path()).append(" | ").append(row.outcome()).append(" | ");
			if (rounds.jars() == 1) {
				Spread cpu = rounds.cpuNanos(0, row.row());
				table.append(cpu(cpu)).append(' ').append(range(cpu)).append(" | ");
				table.append(bytes(rounds.bytes(0, row.row()))).append(" |\n");
				continue;
			}
			Spread bytesBefore = rounds.bytes(0, row.row());
			Spread bytesAfter = rounds.bytes(1, row.row());
			table.append(cpu(rounds.cpuNanos(0, row.row()))).append(" | ");
			table.append(cpu(rounds.cpuNanos(1, row.row()))).append(" | ");
			table.append(ratio(rounds.cpuRatio(row.row()))).append(" | ");
			table.append(bytes(bytesBefore)).append(" | ").append(bytes(bytesAfter)).append(" | ");
			table.append(bytesRatio(bytesBefore, bytesAfter)).append(" |\n");
		}
		return table.toString();
	}

	static String cpu(Spread nanos) {
		if (nanos == null) {
			return "-";
		}
		return String.format(Locale.ROOT, (nanos.median() < 100) ? "%.1f" : "%,.0f", nanos.median());
	}

	private static String range(Spread nanos) {
		if (nanos == null) {
			return "";
		}
		String format = (nanos.median() < 100) ? "(%.1f-%.1f)" : "(%,.0f-%,.0f)";
		return String.format(Locale.ROOT, format, nanos.min(), nanos.max());
	}

	static String bytes(Spread bytes) {
		return (bytes == null) ? "-" : String.format(Locale.ROOT, "%,.0f", bytes.median());
	}

	static String ratio(Spread ratio) {
		return (ratio == null) ? "-" : String.format(Locale.ROOT, "%.2fx (%.2f-%.2f)", ratio.median(), ratio.min(),
				ratio.max());
	}

	static String bytesRatio(Spread before, Spread after) {
		if (before == null || after == null || before.median() < NO_ALLOCATION_BYTES
				|| after.median() < NO_ALLOCATION_BYTES) {
			return "-";
		}
		return String.format(Locale.ROOT, "%.2fx", after.median() / before.median());
	}

}
