package io.limiter.internal.aot;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.core.io.support.SpringFactoriesLoader;

import io.limiter.internal.redis.CoreScripts;

import static org.assertj.core.api.Assertions.assertThat;

class LimiterRuntimeHintsTests {

	private final RuntimeHints hints = new RuntimeHints();

	LimiterRuntimeHintsTests() {
		new LimiterRuntimeHints().registerHints(this.hints, getClass().getClassLoader());
	}

	@Test
	void everyScriptOfTheCoreIsRegistered() {
		Set<String> scripts = CoreScripts.all().keySet();
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

}
