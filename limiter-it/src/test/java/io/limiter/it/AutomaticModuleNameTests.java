package io.limiter.it;

import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.limiter.RateLimiter;
import io.limiter.spring.RateLimited;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each published jar, as the module system reads it: an automatic module with the name its manifest gives, so that
 * applications on the module path can require it by a name that does not change with the jar's file name.
 */
class AutomaticModuleNameTests {

	static Stream<Arguments> publishedJars() {
		return Stream.of(Arguments.of(RateLimiter.class, "io.limiter.core"),
				Arguments.of(RateLimited.class, "io.limiter.spring.boot"),
				Arguments.of(RedisFixtures.class, "io.limiter.test"));
	}

	@ParameterizedTest
	@MethodSource("publishedJars")
	void jarIsAnAutomaticModuleOfItsName(Class<?> type, String moduleName) throws URISyntaxException {
		Path jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
		assertThat(jar.getFileName().toString()).as("where %s is loaded from", type.getName()).endsWith(".jar");

		assertThat(ModuleFinder.of(jar).findAll()).map(ModuleReference::descriptor)
			.singleElement()
			.satisfies((descriptor) -> {
				assertThat(descriptor.name()).isEqualTo(moduleName);
				assertThat(descriptor.isAutomatic()).isTrue();
				assertThat(descriptor.packages()).contains(type.getPackageName());
			});
	}

}
