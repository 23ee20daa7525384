package io.limiter.jmh.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

import static org.assertj.core.api.Assertions.assertThat;

class JmhReportTests {

	@TempDir
	Path directory;

	@Test
	void writesATablePerGroupFastestFirstAndAWellFormedChart() throws Exception {
		Path markdown = this.directory.resolve("docs/benchmark-results.md");
		Path svg = this.directory.resolve("docs/benchmark-results.svg");
		int status = JmhReport.run(new String[] { JmhJsonTests.sample().toString(), markdown.toString(), svg.toString() },
				new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
		assertThat(status).isZero();
		String text = Files.readString(markdown);
		assertThat(text).contains("## LocalLimiterBenchmark, per_user, 2 threads")
			.contains("## RedisLimiterBenchmark, hot_key, 2 threads")
			.contains("| variant | ops/s | ns/op | Redis calls/op | util % |")
			.contains("| luaEvalSha | 16,000 | 62,500.0 | 1.0000 | 100.0 |")
			.contains("| bucket4jLettuce | 4,000 | 250,000.0 | 2.5000 | 150.0 |")
			.contains("| inMemory algorithm=GCRA | 10,000,000 | 100.0 | - | - |");
		assertThat(text.indexOf("| luaEvalSha")).isLessThan(text.indexOf("| bucket4jLettuce"));
		Document chart = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(svg.toFile());
		assertThat(chart.getDocumentElement().getNodeName()).isEqualTo("svg");
		// one background and one bar per result
		assertThat(chart.getElementsByTagName("rect").getLength()).isEqualTo(4);
		assertThat(Files.readString(svg)).contains("inMemory algorithm=GCRA").contains("16,000");
	}

	@Test
	void explainsWrongArguments() throws IOException {
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);
		assertThat(JmhReport.run(new String[] { "a.md", "b.svg" }, stream)).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8)).contains("Usage: JmhReport");
		String missing = this.directory.resolve("missing.json").toString();
		assertThat(JmhReport.run(new String[] { missing, "a.md", "b.svg" }, stream)).isEqualTo(2);
		assertThat(err.toString(StandardCharsets.UTF_8)).contains("does not exist: '" + missing + "'");
	}

	@Test
	void escapesLabelsInTheChart() {
		assertThat(SvgChart.escape("a<b & \"c\">")).isEqualTo("a&lt;b &amp; &quot;c&quot;&gt;");
	}

}
