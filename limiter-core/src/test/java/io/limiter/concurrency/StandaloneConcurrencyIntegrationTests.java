package io.limiter.concurrency;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.DegradedReason;
import io.limiter.FailurePolicy;
import io.limiter.LimiterBackend;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The concurrency limiter's contract on a real standalone Redis, and what only Redis does: leases, renewed while the
 * work runs and ended for a backend closed without releasing, and the failure policy's local share.
 */
class StandaloneConcurrencyIntegrationTests extends ConcurrencyLimiterContract {

	private static final Duration SHORT_TIMEOUT = Duration.ofMillis(300);

	@Override
	protected LimiterBackend backend(LimiterObserver observer) {
		return connected(RedisBackend.builder().standalone(RedisFixtures.standalone().uri()).observer(observer));
	}

	@Test
	void keepsAPermitForWorkLongerThanItsLeaseAndLosesThatOfABackendClosedWithoutReleasing() throws Exception {
		String name = uniqueName();
		ConcurrencyLimit one = ConcurrencyLimit.of(1, Duration.ofSeconds(1));
		try (RedisBackend watcher = connected(RedisBackend.builder().standalone(RedisFixtures.standalone().uri()))) {
			ConcurrencyLimiter others = watcher.concurrencyLimiter(name, one);
			RedisBackend holder = connected(RedisBackend.builder().standalone(RedisFixtures.standalone().uri()));
			ConcurrencyPermit permit = holder.concurrencyLimiter(name, one).tryAcquire("tenant");
			assertThat(permit.isAllowed()).isTrue();
			for (int i = 0; i < 15; i++) {
				Thread.sleep(100);
				assertThat(others.tryAcquire("tenant").isAllowed()).as("renewed after %d ms", (i + 1) * 100).isFalse();
			}
			holder.close();
			assertThat(others.inFlight("tenant")).as("closing a backend releases nothing").isEqualTo(1);
			Thread.sleep(one.lease().toMillis());
			assertThat(others.inFlight("tenant")).as("the lease ended").isZero();
			try (ConcurrencyPermit next = others.tryAcquire("tenant")) {
				assertThat(next.isAllowed()).isTrue();
			}
			permit.close();
		}
	}

	@Test
	void whileRedisIsUnreachableEachInstanceGrantsItsShareAndReleasesItLocally() {
		List<DegradedReason> reasons = new CopyOnWriteArrayList<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onBackendFailure(String limitName, FailurePolicy policy, DegradedReason reason,
					Throwable failure) {
				reasons.add(reason);
			}

		};
		try (RedisBackend backend = unreachable().fallbackInstances(2).observer(observer).build()) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(5));
			ConcurrencyPermit first = exports.tryAcquire("tenant");
			ConcurrencyPermit second = exports.tryAcquire("tenant");
			ConcurrencyPermit third = exports.tryAcquire("tenant");
			assertThat(List.of(first, second, third)).allSatisfy((permit) -> {
				assertThat(permit.isAllowed()).isTrue();
				assertThat(permit.isDegraded()).isTrue();
			});
			ConcurrencyPermit denied = exports.tryAcquire("tenant");
			assertThat(denied.isAllowed()).as("ceil(5 / 2) = 3").isFalse();
			assertThat(denied.isDegraded()).isTrue();
			assertThat(denied.inFlight()).isEqualTo(3);
			second.close();
			assertThat(exports.tryAcquire("tenant").isAllowed()).as("released in this process").isTrue();
			assertThat(exports.tryAcquireAsync("other").toCompletableFuture().join().isAllowed()).isTrue();
			assertThat(reasons).hasSize(6);
			assertThatExceptionOfType(LimiterBackendException.class).isThrownBy(() -> exports.inFlight("tenant"));
		}
	}

	@Test
	void failOpenGrantsAndFailClosedDeniesWhileRedisIsUnreachable() {
		try (RedisBackend open = unreachable().failurePolicy(FailurePolicy.FAIL_OPEN).build();
				RedisBackend closed = unreachable().failurePolicy(FailurePolicy.FAIL_CLOSED).build()) {
			ConcurrencyLimiter opened = open.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(1));
			assertThat(opened.tryAcquire("tenant").isAllowed()).isTrue();
			assertThat(opened.tryAcquire("tenant").isAllowed()).isTrue();
			ConcurrencyPermit denied = closed.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(1)).tryAcquire("tenant");
			assertThat(denied.isAllowed()).isFalse();
			assertThat(denied.isDegraded()).isTrue();
		}
	}

	@Test
	void theShareCountsThePermitsRedisGrantedAndAFailedReleaseIsLeftToTheLease() throws InterruptedException {
		BlockingQueue<Boolean> returned = new LinkedBlockingQueue<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean back) {
				returned.add(back);
			}

		};
		try (RedisServerProcess server = RedisFixtures.startStandalone();
				RedisBackend backend = connected(RedisBackend.builder().standalone(server.uri())
					.timeout(SHORT_TIMEOUT).minimumTimeout(SHORT_TIMEOUT).fallbackInstances(2).observer(observer))) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(uniqueName(), ConcurrencyLimit.of(4));
			ConcurrencyPermit first = exports.tryAcquire("tenant");
			ConcurrencyPermit second = exports.tryAcquire("tenant");
			assertThat(first.isDegraded()).isFalse();
			assertThat(second.inFlight()).isEqualTo(2);
			server.kill();
			ConcurrencyPermit denied = exports.tryAcquire("tenant");
			assertThat(denied.isDegraded()).isTrue();
			assertThat(denied.isAllowed()).as("this instance already holds its share, ceil(4 / 2), from Redis").isFalse();
			first.close();
			assertThat(heard(returned)).as("Redis could not take it back: left to its lease").isFalse();
			ConcurrencyPermit local = exports.tryAcquire("tenant");
			assertThat(local.isAllowed()).isTrue();
			assertThat(local.isDegraded()).isTrue();
			local.close();
			assertThat(heard(returned)).as("released in this process").isTrue();
			second.close();
			assertThat(heard(returned)).isFalse();
			assertThat(returned).isEmpty();
		}
	}

	/** Waits for the observer to hear a queued release, which it hears once Redis answered or failed. */
	private static boolean heard(BlockingQueue<Boolean> returned) throws InterruptedException {
		Boolean back = returned.poll(5, TimeUnit.SECONDS);
		assertThat(back).as("the observer heard the release within 5 s").isNotNull();
		return back;
	}

	private static RedisBackendBuilder unreachable() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return RedisBackend.builder().standalone("redis://127.0.0.1:" + socket.getLocalPort())
				.timeout(SHORT_TIMEOUT).minimumTimeout(SHORT_TIMEOUT);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static RedisBackend connected(RedisBackendBuilder builder) {
		RedisBackend backend = builder.build();
		try {
			if (!backend.awaitConnection(Duration.ofSeconds(5))) {
				backend.close();
				throw new IllegalStateException("the test Redis did not accept a connection within 5 s");
			}
			return backend;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			backend.close();
			throw new IllegalStateException(ex);
		}
	}

}
