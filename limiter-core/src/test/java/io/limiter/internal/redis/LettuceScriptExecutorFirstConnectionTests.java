package io.limiter.internal.redis;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;

import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.limiter.DegradedReason;
import io.limiter.LimiterBackendException;
import io.limiter.internal.LimiterThreads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A call made while the first connection is being opened waits for that attempt, not for its whole deadline: when
 * the attempt fails (a refused connection fails within milliseconds), the call fails with it, for the failure policy
 * to decide. The deadline here is an hour, so a call that ended only at its deadline would still be pending.
 */
class LettuceScriptExecutorFirstConnectionTests {

	private static final RedisScript SCRIPT = RedisScript.load(RedisScript.class, "instances.lua");

	private final ScheduledExecutorService background = LimiterThreads.newScheduler("first-connection-test");

	private final CompletableFuture<StatefulRedisConnection<String, String>> attempt = new CompletableFuture<>();

	private final LettuceScriptExecutor<StatefulRedisConnection<String, String>> executor = new LettuceScriptExecutor<>(
			() -> this.attempt, null, null, null, () -> {
			}, new AdaptiveTimeout(Duration.ofHours(1), Duration.ofHours(1)), null, false, this.background);

	@AfterEach
	void close() {
		this.executor.close();
		this.background.shutdownNow();
	}

	@Test
	void aCallWaitingForTheFirstConnectionFailsWhenTheAttemptFails() {
		CompletableFuture<List<Object>> call = this.executor.execute(SCRIPT, new String[] { "k" }).toCompletableFuture();
		assertThat(call).as("waits while the attempt goes on").isNotDone();
		this.attempt.completeExceptionally(new IOException("Connection refused"));
		assertThat(call).isCompletedExceptionally();
		assertThatExceptionOfType(CompletionException.class).isThrownBy(call::join)
			.havingCause()
			.withMessageContaining("Connection refused")
			.isInstanceOfSatisfying(LimiterBackendException.class,
					(failure) -> assertThat(failure.reason()).isEqualTo(DegradedReason.NOT_CONNECTED));
	}

	@Test
	void aCallMadeAfterTheAttemptFailedFailsAtOnce() {
		this.attempt.completeExceptionally(new IOException("Connection refused"));
		assertThat(this.executor.execute(SCRIPT, new String[] { "k" }).toCompletableFuture())
			.isCompletedExceptionally();
	}

}
