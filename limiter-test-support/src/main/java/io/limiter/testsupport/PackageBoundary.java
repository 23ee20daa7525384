package io.limiter.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds where a module's sources name packages it must not use, such as another module's internals: every import,
 * static import and fully qualified name, in code and Javadoc alike. A test per module asserts that there are none,
 * which makes "internal" more than a word in a {@code package-info}. A JPMS {@code module-info} per module would do
 * the same at compile time, but Spring Boot's class-path scanning, the test fixtures' split packages and the JMH
 * annotation processor all make it costly, for no stronger guarantee than this test gives on every build.
 */
public final class PackageBoundary {

	private final Path sources;

	private final List<String> forbidden;

	private final List<String> allowed;

	private PackageBoundary(Path sources, List<String> forbidden, List<String> allowed) {
		this.sources = sources;
		this.forbidden = List.copyOf(forbidden);
		this.allowed = List.copyOf(allowed);
	}

	/**
	 * Starts a boundary of a source tree that forbids nothing yet.
	 * @param sources the root of the sources, such as {@code src/main/java}
	 * @return the boundary
	 */
	public static PackageBoundary of(Path sources) {
		return new PackageBoundary(sources, List.of(), List.of());
	}

	/**
	 * Forbids a package and every package below it.
	 * @param packageName the package, such as {@code io.limiter.internal}
	 * @return a boundary that also forbids it
	 */
	public PackageBoundary forbid(String packageName) {
		return new PackageBoundary(this.sources, append(this.forbidden, packageName), this.allowed);
	}

	/**
	 * Allows a package below a forbidden one, and every package below it: a door that is documented as such.
	 * @param packageName the package, such as {@code io.limiter.internal.benchmark}
	 * @return a boundary that allows it
	 */
	public PackageBoundary allow(String packageName) {
		return new PackageBoundary(this.sources, this.forbidden, append(this.allowed, packageName));
	}

	private static List<String> append(List<String> packages, String packageName) {
		List<String> appended = new ArrayList<>(packages);
		appended.add(packageName);
		return appended;
	}

	/**
	 * Lists every place that names a forbidden package.
	 * @return one line per place, {@code path:line: name}, in file order; empty when the boundary holds
	 * @throws IllegalStateException when the sources do not exist, so that a wrong path cannot pass for a clean tree
	 * @throws UncheckedIOException when a source cannot be read
	 */
	public List<String> violations() {
		if (!Files.isDirectory(this.sources)) {
			throw new IllegalStateException("no sources at " + this.sources.toAbsolutePath());
		}
		List<String> violations = new ArrayList<>();
		try (Stream<Path> files = Files.walk(this.sources)) {
			for (Path file : files.filter((path) -> path.toString().endsWith(".java")).sorted().toList()) {
				collect(file, violations);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return violations;
	}

	private void collect(Path file, List<String> violations) throws IOException {
		List<String> lines = Files.readAllLines(file);
		for (int i = 0; i < lines.size(); i++) {
			String line = lines.get(i);
			if (line.startsWith("package ")) {
				continue;
			}
			for (String packageName : this.forbidden) {
				Matcher names = namesBelow(packageName).matcher(line);
				while (names.find()) {
					if (this.allowed.stream().noneMatch((door) -> isBelow(names.group(), door))) {
						violations.add(this.sources.relativize(file) + ":" + (i + 1) + ": " + names.group());
					}
				}
			}
		}
	}

	private static Pattern namesBelow(String packageName) {
		return Pattern.compile("(?<![\\w.])" + Pattern.quote(packageName) + "\\.[\\w.]*\\w");
	}

	private static boolean isBelow(String name, String packageName) {
		return name.startsWith(packageName + ".");
	}

}
