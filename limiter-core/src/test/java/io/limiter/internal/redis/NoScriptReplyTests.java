package io.limiter.internal.redis;

import java.time.Duration;
import java.util.concurrent.CompletionException;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.internal.ExceptionFactory;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code NOSCRIPT} is known by its first word, whatever text a server puts after it, and healed by EVAL on a real
 * server after {@code SCRIPT FLUSH}.
 */
class NoScriptReplyTests {

	/** Redis 7 and 8. */
	private static final String REDIS_WORDING = "NOSCRIPT No matching script. Please use EVAL.";

	/** Valkey 8 ({@code shared.noscripterr} in its {@code server.c}). */
	private static final String VALKEY_WORDING = "NOSCRIPT No matching script.";

	@Test
	void theRedisAndTheValkeyWordingAreBothNoScript() {
		for (String wording : new String[] { REDIS_WORDING, VALKEY_WORDING, "NOSCRIPT" }) {
			assertThat(LettuceScriptExecutor.isNoScript(new RedisCommandExecutionException(wording))).as(wording)
				.isTrue();
			assertThat(LettuceScriptExecutor.isNoScript(new CompletionException(new RedisNoScriptException(wording))))
				.as(wording)
				.isTrue();
		}
	}

	@Test
	void lettuceMakesTheValkeyWordingANoScriptExceptionToo() {
		assertThat(ExceptionFactory.createExecutionException(VALKEY_WORDING)).isInstanceOf(RedisNoScriptException.class);
		assertThat(ExceptionFactory.createExecutionException(REDIS_WORDING)).isInstanceOf(RedisNoScriptException.class);
	}

	@Test
	void otherErrorsAreNotNoScript() {
		assertThat(LettuceScriptExecutor.isNoScript(new RedisCommandExecutionException("NOSCRIPTS are gone")))
			.isFalse();
		assertThat(LettuceScriptExecutor
			.isNoScript(new RedisCommandExecutionException("ERR Error running script: NOSCRIPT No matching script.")))
			.isFalse();
		assertThat(LettuceScriptExecutor.isNoScript(new RedisCommandExecutionException("ERR unknown command")))
			.isFalse();
		assertThat(LettuceScriptExecutor.isNoScript(new IllegalStateException((String) null))).isFalse();
	}

	@Test
	void afterScriptFlushTheNextDecisionIsHealedByEval() {
		try (RedisServerProcess server = RedisFixtures.startStandalone();
				RedisBackend backend = RedisBackend.builder()
					.standalone(server.uri())
					.timeout(Duration.ofSeconds(5))
					.minimumTimeout(Duration.ofSeconds(5))
					.failurePolicy(FailurePolicy.FAIL_CLOSED)
					.build()) {
			RateLimiter limiter = backend.limiter("flushed", Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofMinutes(1)));
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
			server.command("SCRIPT", "FLUSH");
			long before = noScriptReplies(server);
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).isTrue();
			assertThat(limiter.tryAcquire("k", 1).isAllowed()).as("the bucket kept its state across the flush")
				.isFalse();
			assertThat(noScriptReplies(server)).as("NOSCRIPT replies the server sent").isGreaterThan(before);
		}
	}

	private static long noScriptReplies(RedisServerProcess server) {
		String field = "errorstat_NOSCRIPT:count=";
		for (String line : server.command("INFO", "errorstats").toString().split("\r?\n")) {
			if (line.startsWith(field)) {
				return Long.parseLong(line.substring(field.length()));
			}
		}
		return 0;
	}

}
