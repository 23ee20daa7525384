package io.limiter.spring.internal;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.spring.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LimitEnforcer} in shadow mode: a denial is logged, never enforced, and the key in the log line is
 * escaped, as anyone can choose it.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimitEnforcerTests {

	@Test
	void shadowDenialIsLoggedWithTheKeysControlCharactersEscaped(CapturedOutput output) {
		LimitEnforcer enforcer = shadowEnforcer();
		String key = "mallory\n2026-01-01 INFO forged line\u202e\u0007'";
		assertThat(enforcer.enforce(key, 1, null).allowed()).isTrue();
		assertThat(enforcer.enforce(key, 1, null).allowed()).isTrue();
		assertThat(output).contains("(shadow mode) would have denied key "
				+ "'mallory\\n2026-01-01 INFO forged line\\u202e\\u0007\\''");
		assertThat(output).doesNotContain("mallory\n");
	}

	@Test
	void longKeysAreCutShortInTheLog(CapturedOutput output) {
		LimitEnforcer enforcer = shadowEnforcer();
		String key = "k".repeat(5000);
		enforcer.enforce(key, 1, null);
		enforcer.enforce(key, 1, null);
		assertThat(output).contains("'" + "k".repeat(128) + "'... (5000 characters)");
		assertThat(output).doesNotContain("k".repeat(129));
	}

	private static LimitEnforcer shadowEnforcer() {
		RateLimiterRegistry registry = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("shadowed", Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofHours(1))));
		return new LimitEnforcer("shadowed", registry, new LimitPolicy(FailurePolicy.FAIL_OPEN, true),
				LimiterMetrics.NONE);
	}

}
