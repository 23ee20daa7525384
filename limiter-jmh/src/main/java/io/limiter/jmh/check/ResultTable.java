package io.limiter.jmh.check;

import java.util.ArrayList;
import java.util.List;

/**
 * Formats the over-grant table: a header line, then one line per row, columns separated by spaces and padded
 * to line up.
 */
public final class ResultTable {

	/** The column names, in order. */
	public static final List<String> COLUMNS = List.of("impl", "algorithm", "scenario", "threads", "seconds",
			"allowed", "max", "util_pct", "errors", "verdict");

	private ResultTable() {
	}

	/**
	 * Formats rows.
	 * @param rows the rows
	 * @return the table, each line ending in a newline
	 */
	public static String format(List<CheckRow> rows) {
		List<String[]> lines = new ArrayList<>();
		lines.add(COLUMNS.toArray(String[]::new));
		for (CheckRow row : rows) {
			lines.add(row.cells());
		}
		int[] widths = new int[COLUMNS.size()];
		for (String[] line : lines) {
			for (int i = 0; i < line.length; i++) {
				widths[i] = Math.max(widths[i], line[i].length());
			}
		}
		StringBuilder table = new StringBuilder();
		for (String[] line : lines) {
			for (int i = 0; i < line.length; i++) {
				table.append(line[i]);
				if (i < line.length - 1) {
					table.append(" ".repeat(widths[i] - line[i].length() + 2));
				}
			}
			table.append('\n');
		}
		return table.toString();
	}

}
