package io.limiter.spring.internal;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
import io.limiter.testsupport.LogCapture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * {@link LimitEnforcer}'s log lines: a denial in shadow mode and a failed refund are logged, never enforced or
 * thrown, the key in the line is escaped, as anyone can choose it, and the log is the core's rate-limited one. A limit
 * in shadow mode never makes a request wait for a permit either.
 */
class LimitEnforcerTests {

	@Test
	void shadowDenialIsLoggedWithTheKeysControlCharactersEscaped() {
		LimitEnforcer enforcer = shadowEnforcer();
		String key = "mallory\n2026-01-01 INFO forged line\u202e\u0007'";
		try (LogCapture log = new LogCapture()) {
			assertThat(enforcer.enforce(key, 1, null).allowed()).isTrue();
			assertThat(enforcer.enforce(key, 1, null).allowed()).isTrue();
			assertThat(log.lines()).singleElement()
				.satisfies((line) -> assertThat(line)
					.startsWith("INFO Limit 'shadowed' (shadow mode) would have denied key "
							+ "'mallory\\n2026-01-01 INFO forged line\\u202e\\u0007\\''")
					.doesNotContain("mallory\n"));
		}
	}

	@Test
	void aBusyShadowLimitWritesOneLinePerSecond() {
		LimitEnforcer enforcer = shadowEnforcer();
		try (LogCapture log = new LogCapture()) {
			for (int i = 0; i < 100; i++) {
				assertThat(enforcer.enforce("busy", 1, null).allowed()).isTrue();
			}
			assertThat(log.lines()).as("99 denials within far less than the one-second interval").hasSize(1);
		}
	}

	@Test
	void longKeysAreCutShortInTheLog() {
		LimitEnforcer enforcer = shadowEnforcer();
		String key = "k".repeat(5000);
		try (LogCapture log = new LogCapture()) {
			enforcer.enforce(key, 1, null);
			enforcer.enforce(key, 1, null);
			assertThat(log.lines()).singleElement()
				.satisfies((line) -> assertThat(line).contains("'" + "k".repeat(128) + "'... (5000 characters)")
					.doesNotContain("k".repeat(129)));
		}
	}

	@Test
	void aRefundThatFailsIsLoggedOncePerSecondAndNeverThrown() {
		LimitEnforcer enforcer = shadowEnforcer();
		Decision grant = enforcer.enforce("alice\n", 1, null).grant();
		try (LogCapture log = new LogCapture()) {
			enforcer.refund("alice\n", "no-such-plan", grant);
			assertThat(enforcer.refundAsync("alice\n", "no-such-plan", grant)).succeedsWithin(Duration.ofSeconds(5));
			enforcer.refund("alice\n", "no-such-plan", grant);
			assertThat(log.lines()).singleElement()
				.satisfies((line) -> assertThat(line)
					.startsWith("WARNING Limit 'shadowed' could not give permits back to key 'alice\\n': "
							+ "java.lang.IllegalArgumentException: limit 'shadowed' has no plan named 'no-such-plan'"));
		}
	}

	@Test
	void aShadowLimitNeverMakesARequestWait() {
		LimitEnforcer enforcer = shadowEnforcer();
		Duration maxWait = Duration.ofHours(2);
		assertThat(enforcer.enforceAsync("bob", 1, null, maxWait)).isCompleted();
		// the next permit is an hour away, within maxWait: a wait for it would still be pending
		CompletableFuture<Enforcement> waited = enforcer.enforceAsync("bob", 1, null, maxWait);
		assertThat(waited).isCompleted();
		assertThat(waited.join().allowed()).isTrue();
		assertThat(waited.join().reportable()).isFalse();
		assertTimeoutPreemptively(Duration.ofSeconds(10),
				() -> assertThat(enforcer.enforce("bob", 1, null, maxWait).allowed()).isTrue());
	}

	private static LimitEnforcer shadowEnforcer() {
		RateLimiterRegistry registry = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("shadowed", Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofHours(1))));
		return new LimitEnforcer("shadowed", registry, true);
	}

}
