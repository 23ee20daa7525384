package io.limiter.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

import io.limiter.Decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class DecisionsTests {

	@Test
	void onlyTheInternalsMakeDecisions() {
		assertThat(Decision.class.getConstructors()).isEmpty();
		assertThat(Arrays.stream(Decision.class.getMethods())
			.filter((method) -> Modifier.isStatic(method.getModifiers()))
			.filter((method) -> method.getReturnType() == Decision.class)).isEmpty();
	}

	@Test
	void decisionsAreMadeWithTheNumbersGiven() {
		Decision allowed = Decisions.allowed(10, 7, 300);
		assertThat(allowed.isAllowed()).isTrue();
		assertThat(allowed.remaining()).isEqualTo(7);
		assertThat(allowed.resetAfterMillis()).isEqualTo(300);
		Decision reserved = Decisions.reserved(10, 50, 900);
		assertThat(reserved.isAllowed()).isTrue();
		assertThat(reserved.delayMillis()).isEqualTo(50);
		Decision denied = Decisions.denied(10, 0, 100, 1000);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(denied.retryAfterMillis()).isEqualTo(100);
		assertThat(denied.limit()).isEqualTo(10);
	}

	@Test
	void nobodyReplacesTheFactoryThatDecisionInstalled() {
		Decisions.allowed(1, 0, 0);
		assertThatIllegalStateException().isThrownBy(() -> Decisions.install(null))
			.withMessage("the decision factory is installed once, by Decision");
	}

	@Test
	@Timeout(value = 60, threadMode = ThreadMode.SEPARATE_THREAD)
	void aThreadThatMakesADecisionWhileAnotherInitializesDecisionGetsOne() throws Exception {
		URL classes = Decision.class.getProtectionDomain().getCodeSource().getLocation();
		for (int round = 0; round < 200; round++) {
			try (URLClassLoader fresh = new URLClassLoader(new URL[] { classes }, ClassLoader.getPlatformClassLoader())) {
				Method allowed = fresh.loadClass(Decisions.class.getName())
					.getMethod("allowed", long.class, long.class, long.class);
				CyclicBarrier start = new CyclicBarrier(2);
				CompletableFuture<Void> initializer = CompletableFuture.runAsync(() -> {
					await(start);
					initialize(Decision.class.getName(), fresh);
				});
				await(start);
				Object decision = allowed.invoke(null, 5L, 4L, 100L);
				initializer.join();
				assertThat(decision).hasToString(Decisions.allowed(5, 4, 100).toString());
			}
		}
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void initialize(String type, ClassLoader loader) {
		try {
			Class.forName(type, true, loader);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
