package io.limiter.internal.failure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.RedisCommandExecutionException;
import org.junit.jupiter.api.Test;

import io.limiter.AdminOperation;
import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.integration.ThrottledLog;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.redis.RedisCalls;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which of Redis' error replies count toward the circuit breaker of the node that sent them, with a source in place
 * of Redis that fails every call as a Redis call fails: {@code TRYAGAIN} (the keys of a several-rate limit split
 * between two masters while their slot migrates) comes from a node that is up, so it is decided by the policy but
 * leaves the breaker closed, and the other keys of that node are still decided by Redis; other errors open it.
 */
class RedisRefusalBreakerTests {

	private static final int THRESHOLD = 5;

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private final CircuitBreakers breakers = new CircuitBreakers(THRESHOLD, Duration.ofSeconds(1),
			LimiterClock.system());

	@Test
	void tryAgainRepliesAreDecidedByThePolicyAndOpenNoBreaker() {
		FailurePolicyDecisionSource source = sourceFailingWith(
				"TRYAGAIN Multiple keys request during rehashing of slot");
		for (int i = 0; i < 3 * THRESHOLD; i++) {
			Decision decision = (i % 2 == 0) ? source.decide("split", 1, 0)
					: source.decideAsync("split", 1, 0).toCompletableFuture().join();
			assertThat(decision.isDegraded()).isTrue();
		}
		assertThat(this.breakers.isAnyOpen()).isFalse();
	}

	@Test
	void otherErrorRepliesOpenTheBreaker() {
		FailurePolicyDecisionSource source = sourceFailingWith("ERR something went wrong");
		for (int i = 0; i < THRESHOLD; i++) {
			source.decide("broken", 1, 0);
		}
		assertThat(this.breakers.isAnyOpen()).isTrue();
	}

	private FailurePolicyDecisionSource sourceFailingWith(String reply) {
		LimiterBackendException failure = RedisCalls.failure("split",
				new RedisCommandExecutionException(reply));
		assertThat(failure.reason()).isEqualTo(DegradedReason.ERROR);
		return new FailurePolicyDecisionSource("split", LIMIT, new FailingSource(failure), FailurePolicy.FAIL_CLOSED,
				null, this.breakers, (key) -> this.breakers.forNode("node"), LimiterObserver.NONE,
				new ThrottledLog(System.getLogger("io.limiter.test"), Duration.ofMinutes(1), LimiterClock.system()));
	}

	/** Fails every call with one failure, synchronously or in its stage, as a Redis call's failure reaches it. */
	private record FailingSource(LimiterBackendException failure) implements DecisionSource {

		@Override
		public Decision decide(String key, long permits, long maxWaitMillis) {
			throw this.failure;
		}

		@Override
		public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
			return CompletableFuture.failedFuture(this.failure);
		}

		@Override
		public Decision peek(String key) {
			throw this.failure;
		}

		@Override
		public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
			throw this.failure;
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation,
				long permits) {
			return CompletableFuture.failedFuture(this.failure);
		}

		@Override
		public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
			throw this.failure;
		}

		@Override
		public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
			return CompletableFuture.failedFuture(this.failure);
		}

	}

}
