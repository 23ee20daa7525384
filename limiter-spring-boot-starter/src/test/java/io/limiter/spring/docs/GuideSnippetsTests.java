package io.limiter.spring.docs;

import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every code block of the guide ({@code README.md} and {@code docs/**}.md) does what a reader who copies it
 * expects: a YAML or properties block binds to {@code limiter.*} and starts an application, a Java block compiles.
 * One test per block, named by its page and line; output ({@code console}, {@code text}, {@code http}) and commands
 * are not checked, and a block without a language fails.
 */
class GuideSnippetsTests {

	@TestFactory
	Stream<DynamicTest> everySnippetOfTheGuideBindsOrCompiles() {
		return GuidePages.pages().stream().flatMap(GuideSnippetsTests::tests);
	}

	private static Stream<DynamicTest> tests(Path page) {
		return GuidePages.snippets(page)
			.stream()
			.map((snippet) -> DynamicTest.dynamicTest(snippet.location() + " (" + label(snippet) + ")", () -> {
				SnippetChecks.checkLanguage(snippet);
				SnippetChecks.check(snippet);
			}));
	}

	private static String label(GuidePages.Snippet snippet) {
		return snippet.language().isEmpty() ? "no language" : snippet.language();
	}

}
