package io.limiter.integration;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.limiter.LimiterObserver;
import io.limiter.testsupport.LogCapture;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link GuardedObserver}: every observer hears every event in its order whatever the others throw, and each one's
 * exceptions are logged at most once per interval, apart from another's.
 */
class GuardedObserverTests {

	private final List<String> heard = new ArrayList<>();

	@Test
	void anObserverThatThrowsSilencesNoOther() {
		LimiterObserver guarded = GuardedObserver.of(List.of(new Throwing(), recording("second")));
		try (LogCapture log = new LogCapture()) {
			guarded.onMemoryOverflow("hello");
			guarded.onMemoryOverflow("hello");
			assertThat(this.heard).containsExactly("second hello", "second hello");
			assertThat(log.lines()).containsExactly("WARNING LimiterObserver " + Throwing.class.getName()
					+ " threw in onMemoryOverflow (limit 'hello'); ignored, the decision and the other observers are "
					+ "unaffected: java.lang.IllegalStateException: observer bug");
		}
	}

	@Test
	void eachObserverIsLoggedApart() {
		LimiterObserver guarded = GuardedObserver.of(List.of(new Throwing(), new AlsoThrowing()));
		try (LogCapture log = new LogCapture()) {
			guarded.onRedisCall();
			assertThat(log.lines()).hasSize(2)
				.anyMatch((line) -> line.contains(Throwing.class.getName() + " threw in onRedisCall;"))
				.anyMatch((line) -> line.contains(AlsoThrowing.class.getName() + " threw in onRedisCall;"));
		}
	}

	@Test
	void noneAndGuardedObserversAreNotWrappedAgain() {
		LimiterObserver guarded = GuardedObserver.guard(recording("one"));
		assertThat(GuardedObserver.guard(LimiterObserver.NONE)).isSameAs(LimiterObserver.NONE);
		assertThat(GuardedObserver.of(List.of())).isSameAs(LimiterObserver.NONE);
		assertThat(GuardedObserver.guard(guarded)).isSameAs(guarded);
		GuardedObserver.of(List.of(guarded, LimiterObserver.NONE, recording("two"))).onMemoryOverflow("k");
		assertThat(this.heard).containsExactly("one k", "two k");
	}

	private LimiterObserver recording(String name) {
		return new LimiterObserver() {

			@Override
			public void onMemoryOverflow(String limitName) {
				GuardedObserverTests.this.heard.add(name + " " + limitName);
			}

		};
	}

	static class Throwing implements LimiterObserver {

		@Override
		public void onMemoryOverflow(String limitName) {
			throw new IllegalStateException("observer bug");
		}

		@Override
		public void onRedisCall() {
			throw new IllegalStateException("observer bug");
		}

	}

	static final class AlsoThrowing extends Throwing {

	}

}
