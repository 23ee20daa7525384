package io.limiter.spring.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The pages of the guide, {@code README.md} and every Markdown file under {@code docs/} of the repository, and the
 * fenced code blocks they hold.
 */
final class GuidePages {

	private GuidePages() {
	}

	/**
	 * The repository's root: the nearest directory above the working directory (the module's, under Maven) that
	 * holds {@code README.md} and {@code docs/}.
	 */
	static Path root() {
		for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
			if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
				return dir;
			}
		}
		throw new IllegalStateException("No directory above " + Path.of("").toAbsolutePath()
				+ " holds README.md and docs/: the guide's tests run from a module of the repository");
	}

	/** {@code README.md}, then the Markdown files under {@code docs/}, in path order. */
	static List<Path> pages() {
		Path root = root();
		List<Path> pages = new ArrayList<>();
		pages.add(root.resolve("README.md"));
		try (Stream<Path> files = Files.walk(root.resolve("docs"))) {
			files.filter((file) -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return pages;
	}

	/**
	 * The fenced code blocks of a page, each with the line of its opening fence; a block's lines lose the
	 * indentation of its fence.
	 */
	static List<Snippet> snippets(Path page) {
		List<String> lines = read(page);
		List<Snippet> snippets = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			String opening = line.stripLeading();
			if (!opening.startsWith("```")) {
				continue;
			}
			int indent = line.length() - opening.length();
			String info = opening.substring(3).strip();
			String language = info.isEmpty() ? "" : info.split("[\\s{]", 2)[0].toLowerCase(java.util.Locale.ROOT);
			StringBuilder text = new StringBuilder();
			int end = i + 1;
			while (end < lines.size() && !lines.get(end).strip().equals("```")) {
				String content = lines.get(end);
				text.append(content, Math.min(indent, leadingSpaces(content)), content.length()).append('\n');
				end++;
			}
			if (end == lines.size()) {
				throw new AssertionError(location(page, i + 1) + ": the code block opened here is never closed");
			}
			snippets.add(new Snippet(page, i + 1, language, text.toString()));
			i = end;
		}
		return snippets;
	}

	/** {@code path:line}, the path relative to the repository's root. */
	static String location(Path page, int line) {
		return root().relativize(page) + ":" + line;
	}

	static List<String> read(Path page) {
		try {
			return Files.readAllLines(page);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static int leadingSpaces(String line) {
		int spaces = 0;
		while (spaces < line.length() && line.charAt(spaces) == ' ') {
			spaces++;
		}
		return spaces;
	}

	/**
	 * One fenced code block.
	 * @param page the page that holds it
	 * @param line the line of its opening fence, from 1
	 * @param language the first word of the fence's info string, in lower case; empty when none
	 * @param text its lines, each ending with a line break
	 */
	record Snippet(Path page, int line, String language, String text) {

		/** {@code path:line} of the snippet's opening fence. */
		String location() {
			return GuidePages.location(this.page, this.line);
		}

		/** {@code path:line} of a line of the snippet, counted from 1 after its opening fence. */
		String location(int snippetLine) {
			return GuidePages.location(this.page, this.line + snippetLine);
		}

	}

}
