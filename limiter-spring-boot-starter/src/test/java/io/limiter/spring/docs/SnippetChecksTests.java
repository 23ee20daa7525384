package io.limiter.spring.docs;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The checks of the guide's snippets, tried on known good and known broken blocks
 * ({@code snippet-fixtures.md} beside this class): each broken one fails naming the page and the line at fault.
 */
class SnippetChecksTests {

	private static final Path FIXTURES = Path.of("src/test/resources/io/limiter/spring/docs/snippet-fixtures.md")
		.toAbsolutePath();

	private final List<GuidePages.Snippet> snippets = GuidePages.snippets(FIXTURES);

	@Test
	void findsEveryBlockWithItsLanguageAndLine() {
		assertThat(this.snippets).extracting(GuidePages.Snippet::language)
			.containsExactly("yaml", "properties", "java", "yaml", "yaml", "yaml", "yaml", "java", "java", "");
		assertThat(this.snippets.get(0).line()).isEqualTo(lineOf("```yaml"));
		assertThat(this.snippets.get(0).text()).startsWith("limiter:\n  limits:\n");
	}

	@Test
	void goodBlocksPass() {
		for (GuidePages.Snippet snippet : this.snippets.subList(0, 3)) {
			assertThatCode(() -> {
				SnippetChecks.checkLanguage(snippet);
				SnippetChecks.check(snippet);
			}).as(snippet.location()).doesNotThrowAnyException();
		}
	}

	@Test
	void aMisspelledPropertyFailsAtItsLine() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(3))).isInstanceOf(AssertionError.class)
			.hasMessage(at("capasity: 10") + ": limiter.limits.hello.capasity is not a property of Limiter (it binds"
					+ " to nothing)");
	}

	@Test
	void aValueStartUpRefusesFailsWithStartUpsMessageAtItsLine() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(4))).isInstanceOf(AssertionError.class)
			.hasMessageStartingWith(at("capacity: -1") + ": an application with this configuration does not start: ")
			.hasMessageContaining("limiter.limits.hello.capacity")
			.hasMessageContaining("capacity must be at least 1 but was -1");
	}

	@Test
	void aValueThatDoesNotConvertFailsAtItsLine() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(5))).isInstanceOf(AssertionError.class)
			.hasMessageStartingWith(at("period: soon") + ": limiter.limits.hello.period = 'soon' does not bind: ");
	}

	@Test
	void yamlThatDoesNotParseFailsAtItsFence() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(6))).isInstanceOf(AssertionError.class)
			.hasMessageStartingWith(this.snippets.get(6).location() + ": the yaml block does not parse");
	}

	@Test
	void javaThatDoesNotCompileFailsWithTheCompilersMessageAtItsLine() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(7))).isInstanceOf(AssertionError.class)
			.hasMessageContaining(at("biuld()") + ": error: cannot find symbol")
			.hasMessageContaining("biuld()");
	}

	@Test
	void aJavaFragmentFails() {
		assertThatThrownBy(() -> SnippetChecks.check(this.snippets.get(8))).isInstanceOf(AssertionError.class)
			.hasMessageStartingWith(this.snippets.get(8).location() + ": a java block is a whole compilation unit");
	}

	@Test
	void aBlockWithoutALanguageFails() {
		assertThatThrownBy(() -> SnippetChecks.checkLanguage(this.snippets.get(9))).isInstanceOf(AssertionError.class)
			.hasMessageStartingWith(this.snippets.get(9).location() + ": a code block names its language");
	}

	/** {@code path:line} of the fixture's first line that contains the text. */
	private static String at(String text) {
		return GuidePages.location(FIXTURES, lineOf(text));
	}

	private static int lineOf(String text) {
		List<String> lines = GuidePages.read(FIXTURES);
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).contains(text)) {
				return i + 1;
			}
		}
		throw new IllegalArgumentException("the fixtures have no line with " + text);
	}

}
