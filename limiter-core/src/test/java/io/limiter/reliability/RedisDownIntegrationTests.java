package io.limiter.reliability;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Redis down for the whole run, either unreachable from the start or hung (the process is stopped with
 * {@code SIGSTOP}, so connections stay open and nothing answers): every policy answers within the timeout,
 * synchronously and asynchronously, and once the circuit breaker is open decisions no longer wait at all.
 */
class RedisDownIntegrationTests {

	private static final Duration TIMEOUT = Duration.ofMillis(200);

	/**
	 * What a two-core machine busy with other builds may add to a timeout before the decision is back (0.95 s was
	 * seen); a decision that waited for Lettuce's default timeout of 60 s would still fail by far. It is too wide to
	 * tell the timeout from the backend's default minimum deadline of 1 s, which the timeout lowers: the fastest of a
	 * check's decisions tells them apart (a timed-out call cannot answer before its deadline; here a decision takes
	 * the timeout plus {@code LettuceScriptExecutor}'s 100 ms grace for a slow answer, 0.3 to 0.5 s as measured).
	 */
	private static final Duration MARGIN = Duration.ofSeconds(2);

	/**
	 * How long all decisions with the breaker open may take together: ten of them waiting for the timeout would
	 * already take longer.
	 */
	private static final Duration OPEN_BREAKER_BUDGET = TIMEOUT.multipliedBy(10);

	private static final int BREAKER_THRESHOLD = 3;

	private static final int DECISIONS_WITH_OPEN_BREAKER = 500;

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofMinutes(1));

	private static RedisServerProcess redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisFixtures.startStandalone();
	}

	@AfterAll
	static void stopRedis() {
		signal("CONT", redis.pid());
		redis.stop();
	}

	/**
	 * The last check uses a client the application owns, which keeps Lettuce's default command timeout of
	 * 60 s: the backend's timeout must hold for it too.
	 */
	@Test
	void everyPolicyAnswersWithinTheTimeoutWhileRedisIsHung() throws Exception {
		List<Check> checks = new ArrayList<>();
		for (FailurePolicy policy : FailurePolicy.values()) {
			for (boolean async : new boolean[] { false, true }) {
				checks.add(new Check(policy, async, backend(policy).standalone(redis.uri()).build()));
			}
		}
		RedisClient userClient = RedisClient.create(RedisURI.create(redis.uri()));
		checks.add(new Check(FailurePolicy.FAIL_CLOSED, true,
				backend(FailurePolicy.FAIL_CLOSED).client(userClient).build()));
		try {
			for (Check check : checks) {
				assertThat(check.backend.awaitConnection(Duration.ofSeconds(5))).isTrue();
				assertThat(check.decide("warm-up-" + checks.indexOf(check)).isAllowed()).isTrue();
			}
			signal("STOP", redis.pid());
			for (Check check : checks) {
				check.assertAnswersWithinTimeoutThenWithoutWaiting();
			}
		}
		finally {
			signal("CONT", redis.pid());
			checks.forEach((check) -> check.backend.close());
			userClient.shutdown();
		}
	}

	@Test
	void everyPolicyAnswersWhileRedisIsUnreachableFromTheStart() throws Exception {
		String url = "redis://127.0.0.1:" + unusedPort();
		for (FailurePolicy policy : FailurePolicy.values()) {
			for (boolean async : new boolean[] { false, true }) {
				Check check = new Check(policy, async, backend(policy).standalone(url).build());
				try {
					assertThat(check.backend.awaitConnection(Duration.ofMillis(10))).isFalse();
					check.assertAnswersWithinTimeoutThenWithoutWaiting();
				}
				finally {
					check.backend.close();
				}
			}
		}
	}

	private static RedisBackendBuilder backend(FailurePolicy policy) {
		return RedisBackend.builder()
			.timeout(TIMEOUT)
			.failurePolicy(policy)
			.fallbackInstances(1)
			.circuitBreaker(BREAKER_THRESHOLD, Duration.ofMinutes(5));
	}

	private static void signal(String signal, long pid) {
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
			assertThat(kill.waitFor(5, TimeUnit.SECONDS)).isTrue();
		}
		catch (IOException ex) {
			throw new IllegalStateException("cannot send SIG" + signal + " to " + pid, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static int unusedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	/** One backend, one policy, one way of calling. */
	private static final class Check {

		private final FailurePolicy policy;

		private final boolean async;

		private final RedisBackend backend;

		private final RateLimiter limiter;

		Check(FailurePolicy policy, boolean async, RedisBackend backend) {
			this.policy = policy;
			this.async = async;
			this.backend = backend;
			this.limiter = backend.limiter("down", LIMIT);
		}

		Decision decide(String key) throws Exception {
			if (this.async) {
				return this.limiter.tryAcquireAsync(key, 1).toCompletableFuture().get(1, TimeUnit.MINUTES);
			}
			return this.limiter.tryAcquire(key, 1);
		}

		void assertAnswersWithinTimeoutThenWithoutWaiting() throws Exception {
			List<Duration> waits = new ArrayList<>();
			for (int i = 0; i < BREAKER_THRESHOLD; i++) {
				long started = System.nanoTime();
				Decision decision = decide("k");
				Duration took = Duration.ofNanos(System.nanoTime() - started);
				assertThat(took).as(this + " decision " + i).isLessThan(TIMEOUT.plus(MARGIN));
				assertThat(decision.isAllowed()).as(this + " decision " + i).isEqualTo(allowedByPolicy(i));
				waits.add(took);
			}
			assertThat(Collections.min(waits)).as(this + ": the fastest decision waited for the timeout, not the minimum deadline")
				.isLessThan(RedisBackend.DEFAULT_MINIMUM_TIMEOUT);
			assertThat(this.backend.isCircuitOpen()).as(this.toString()).isTrue();
			long started = System.nanoTime();
			List<CompletableFuture<Decision>> pending = new ArrayList<>();
			for (int i = 0; i < DECISIONS_WITH_OPEN_BREAKER; i++) {
				if (this.async) {
					pending.add(this.limiter.tryAcquireAsync("open-" + i, 1).toCompletableFuture());
				}
				else {
					assertThat(this.limiter.tryAcquire("open-" + i, 1).isAllowed())
						.isEqualTo(this.policy != FailurePolicy.FAIL_CLOSED);
				}
			}
			for (CompletableFuture<Decision> decision : pending) {
				assertThat(decision.get(1, TimeUnit.MINUTES).isAllowed())
					.isEqualTo(this.policy != FailurePolicy.FAIL_CLOSED);
			}
			assertThat(Duration.ofNanos(System.nanoTime() - started))
				.as(this + ": " + DECISIONS_WITH_OPEN_BREAKER + " decisions with the breaker open may not wait")
				.isLessThan(OPEN_BREAKER_BUDGET);
		}

		private boolean allowedByPolicy(int decisionOnOneKey) {
			return switch (this.policy) {
				case FAIL_OPEN -> true;
				case FAIL_CLOSED -> false;
				case LOCAL_FALLBACK -> decisionOnOneKey < LIMIT.capacity();
			};
		}

		@Override
		public String toString() {
			return this.policy + (this.async ? " async" : " sync");
		}

	}

}
