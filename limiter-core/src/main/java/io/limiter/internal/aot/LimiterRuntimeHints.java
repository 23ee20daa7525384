package io.limiter.internal.aot;

import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What a native image of an application that uses the core needs beyond what its code reaches: the Lua scripts,
 * which {@code RedisScript} reads as class-path resources. The core uses no reflection, proxies or serialization
 * of its own (Lettuce ships its own native-image configuration).
 * <p>
 * Spring AOT finds this class in {@code META-INF/spring/aot.factories}. It is the one class of the core that needs
 * Spring ({@code spring-core}, an optional dependency): an application without Spring never loads it.
 */
public final class LimiterRuntimeHints implements RuntimeHintsRegistrar {

	/** Every script, its included parts and its drivers, in every package of the core, present and future. */
	static final String SCRIPTS = "io/limiter/**/*.lua";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		hints.resources().registerPattern(SCRIPTS);
	}

}
