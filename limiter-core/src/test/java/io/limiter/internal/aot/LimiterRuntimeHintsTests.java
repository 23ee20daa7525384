package io.limiter.internal.aot;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

class LimiterRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	LimiterRuntimeHintsTests() {
		new LimiterRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
	}

	@Test
	void everyScriptOfTheCoreIsRegistered() throws Exception {
		List<String> scripts = scriptsBesideTheCore();
		assertThat(scripts).as("scripts found").hasSizeGreaterThanOrEqualTo(25)
			.contains("io/limiter/internal/redis/preamble.lua", "io/limiter/internal/algorithm/token-bucket.lua");
		assertThat(scripts).allSatisfy((script) -> assertThat(RuntimeHintsPredicates.resource().forResource(script))
			.as(script)
			.accepts(this.hints));
	}

	@Test
	void onlyTheCoresScriptsAreRegistered() {
		assertThat(RuntimeHintsPredicates.resource().forResource("other/library/script.lua")).rejects(this.hints);
		assertThat(RuntimeHintsPredicates.resource().forResource("io/limiter/internal/redis/notes.txt"))
			.rejects(this.hints);
	}

	@Test
	void springAotFindsTheRegistrar() {
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories")
			.load(RuntimeHintsRegistrar.class);
		assertThat(registrars).hasAtLeastOneElementOfType(LimiterRuntimeHints.class);
	}

	/** Every {@code .lua} file where the core's classes are: its jar, or its classes folder in this build. */
	private static List<String> scriptsBesideTheCore() throws IOException, URISyntaxException {
		Path location = Path.of(LimiterRuntimeHints.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		if (Files.isDirectory(location)) {
			return scriptsUnder(location);
		}
		try (FileSystem jar = FileSystems.newFileSystem(location)) {
			return scriptsUnder(jar.getPath("/"));
		}
	}

	private static List<String> scriptsUnder(Path root) throws IOException {
		try (Stream<Path> files = Files.walk(root)) {
			return files.filter((file) -> file.getFileName() != null && file.getFileName().toString().endsWith(".lua"))
				.map((file) -> root.relativize(file).toString().replace('\\', '/'))
				.sorted()
				.toList();
		}
	}

}
