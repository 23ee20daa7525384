package io.limiter.testsupport;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds programs by searching the directories of the {@code PATH} environment variable, without running them.
 */
final class Executables {

	static final String REDIS_SERVER = "redis-server";

	static final String REDIS_CLI = "redis-cli";

	private Executables() {
	}

	static Optional<Path> find(String name) {
		String path = System.getenv("PATH");
		if (path == null || path.isEmpty()) {
			return Optional.empty();
		}
		for (String directory : path.split(File.pathSeparator)) {
			if (directory.isEmpty()) {
				continue;
			}
			Path candidate = Path.of(directory, name);
			if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
				return Optional.of(candidate.toAbsolutePath());
			}
		}
		return Optional.empty();
	}

	static Path require(String name) {
		return find(name).orElseThrow(() -> new IllegalStateException(
				name + " is not on the PATH (" + System.getenv("PATH") + "); install Redis, e.g. apt-get install redis-server"));
	}

}
