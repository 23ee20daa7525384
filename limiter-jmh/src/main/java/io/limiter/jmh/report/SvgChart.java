package io.limiter.jmh.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Renders results as an SVG bar chart: a section per benchmark, scenario and thread count, one horizontal bar
 * per variant, on one logarithmic scale of ops/s for the whole chart (the variants span several orders of
 * magnitude).
 */
public final class SvgChart {

	private static final int WIDTH = 960;

	private static final int LABEL_WIDTH = 300;

	private static final int BAR_AREA = 520;

	private static final int ROW = 20;

	private static final int TITLE = 30;

	private SvgChart() {
	}

	/**
	 * Renders the chart.
	 * @param results the results, with positive throughputs
	 * @return the SVG document
	 */
	public static String render(List<BenchmarkResult> results) {
		double min = Double.MAX_VALUE;
		double max = 1;
		for (BenchmarkResult result : results) {
			min = Math.min(min, result.opsPerSecond());
			max = Math.max(max, result.opsPerSecond());
		}
		double low = Math.floor(Math.log10(Math.max(1, Math.min(min, max))));
		double high = Math.max(low + 1, Math.ceil(Math.log10(max)));
		Map<String, List<BenchmarkResult>> groups = Groups.of(results);
		int height = 40;
		for (List<BenchmarkResult> group : groups.values()) {
			height += TITLE + group.size() * ROW;
		}
		StringBuilder svg = new StringBuilder();
		svg.append(String.format(Locale.ROOT,
				"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
						+ "font-size=\"12\">%n",
				WIDTH, height));
		svg.append(String.format(Locale.ROOT,
				"<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n<text x=\"10\" y=\"22\" font-size=\"15\" "
						+ "font-weight=\"bold\">ops/s (log scale, 10^%.0f to 10^%.0f)</text>%n",
				WIDTH, height, low, high));
		int y = 40;
		for (Map.Entry<String, List<BenchmarkResult>> group : groups.entrySet()) {
			y += TITLE;
			svg.append(String.format(Locale.ROOT, "<text x=\"10\" y=\"%d\" font-weight=\"bold\">%s</text>%n", y - 10,
					escape(group.getKey())));
			for (BenchmarkResult result : group.getValue()) {
				double fraction = (Math.log10(Math.max(1, result.opsPerSecond())) - low) / (high - low);
				int length = (int) Math.max(1, Math.round(fraction * BAR_AREA));
				svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
						LABEL_WIDTH - 8, y + 13, escape(result.variant())));
				svg.append(String.format(Locale.ROOT,
						"<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n", LABEL_WIDTH, y + 2,
						length, ROW - 5, color(result.variant())));
				svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%,.0f</text>%n",
						LABEL_WIDTH + length + 6, y + 13, result.opsPerSecond()));
				y += ROW;
			}
		}
		svg.append("</svg>\n");
		return svg.toString();
	}

	private static String color(String variant) {
		if (variant.startsWith("bucket4j") || variant.startsWith("resilience4j") || variant.startsWith("guava")) {
			return "#9e9e9e";
		}
		if (variant.startsWith("multiCmd") || variant.startsWith("watchMultiExec") || variant.startsWith("floor")) {
			return "#d7a54b";
		}
		return "#2f6db5";
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

}
