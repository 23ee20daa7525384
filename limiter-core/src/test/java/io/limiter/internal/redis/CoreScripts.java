package io.limiter.internal.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Every {@code .lua} file where the core's classes are (its jar, or its classes folder in this build), by resource
 * name: what the tests of all scripts walk, so that a new script cannot be left out of them.
 */
public final class CoreScripts {

	private CoreScripts() {
	}

	/**
	 * Reads every script.
	 * @return the sources by resource name, such as {@code io/limiter/internal/redis/preamble.lua}, sorted
	 */
	public static Map<String, String> all() {
		try {
			Path location = Path.of(RedisScript.class.getProtectionDomain().getCodeSource().getLocation().toURI());
			if (Files.isDirectory(location)) {
				return scriptsUnder(location);
			}
			try (FileSystem jar = FileSystems.newFileSystem(location)) {
				return scriptsUnder(jar.getPath("/"));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Map<String, String> scriptsUnder(Path root) throws IOException {
		Map<String, String> scripts = new LinkedHashMap<>();
		try (Stream<Path> files = Files.walk(root)) {
			for (Path file : files.filter(CoreScripts::isScript).sorted().toList()) {
				scripts.put(root.relativize(file).toString().replace('\\', '/'),
						Files.readString(file, StandardCharsets.UTF_8));
			}
		}
		return scripts;
	}

	private static boolean isScript(Path file) {
		return file.getFileName() != null && file.getFileName().toString().endsWith(".lua");
	}

}
