package io.limiter.jmh.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns JMH's JSON results into a markdown table per benchmark, scenario and thread count, and an SVG bar
 * chart:
 * <pre>
 * java -cp limiter-jmh/target/benchmarks.jar io.limiter.jmh.report.JmhReport jmh.json src/docs/benchmark-results.md src/docs/benchmark-results.svg
 * </pre>
 * Several JSON files may be given before the two outputs; their results are merged.
 */
public final class JmhReport {

	private static final String USAGE = "Usage: JmhReport <jmh-result.json>... <out.md> <out.svg>";

	private JmhReport() {
	}

	/**
	 * Writes the report and exits with 0, or with 2 after a message when the arguments or the input are wrong.
	 * @param args the JSON files, then the markdown and the SVG paths
	 */
	public static void main(String[] args) {
		System.exit(run(args, System.err));
	}

	static int run(String[] args, PrintStream err) {
		if (args.length < 3) {
			err.println(USAGE);
			return 2;
		}
		try {
			List<BenchmarkResult> results = new ArrayList<>();
			StringBuilder sources = new StringBuilder();
			for (int i = 0; i < args.length - 2; i++) {
				Path input = Path.of(args[i]);
				if (!Files.isRegularFile(input)) {
					throw new IllegalArgumentException("JMH result file does not exist: '" + input + "'");
				}
				results.addAll(JmhJson.read(input));
				sources.append((i == 0) ? "" : ", ").append(input.getFileName());
			}
			if (results.isEmpty()) {
				throw new IllegalArgumentException("no results in " + sources);
			}
			write(Path.of(args[args.length - 2]), MarkdownReport.render(results, sources.toString()));
			write(Path.of(args[args.length - 1]), SvgChart.render(results));
			return 0;
		}
		catch (IllegalArgumentException | IOException ex) {
			err.println("JmhReport: " + ex.getMessage());
			return 2;
		}
	}

	private static void write(Path path, String text) throws IOException {
		Path parent = path.toAbsolutePath().getParent();
		if (parent != null) {
			Files.createDirectories(parent);
		}
		Files.writeString(path, text, StandardCharsets.UTF_8);
	}

}
