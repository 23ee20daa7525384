package io.limiter;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Javadoc of {@link InMemoryBackend} tells applications: their tests move its time with a clock of their
 * own.
 */
class InMemoryBackendTests {

	@Test
	void aTestMovesTheTimeOfItsDecisionsWithACounter() {
		AtomicLong now = new AtomicLong();
		try (LimiterBackend backend = InMemoryBackend.builder().clock(now::get).build()) {
			RateLimiter hello = backend.limiter("hello", Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1)));
			assertThat(hello.tryAcquire("user-42").isAllowed()).isTrue();
			Decision denied = hello.tryAcquire("user-42");
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.retryAfterMillis()).isEqualTo(1_000);
			now.addAndGet(999);
			assertThat(hello.tryAcquire("user-42").isAllowed()).isFalse();
			now.addAndGet(1);
			assertThat(hello.tryAcquire("user-42").isAllowed()).isTrue();
		}
	}

}
