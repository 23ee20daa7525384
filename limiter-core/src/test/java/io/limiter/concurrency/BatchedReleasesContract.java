package io.limiter.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.LimiterObserver;
import io.limiter.RedisBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the releases of Redis-granted permits travel, counted by the script calls Redis served: a release needs no
 * answer, so it goes with the next take of its hash slot on the same instance (which counts without it), or alone
 * within its bound when no take follows, and a backend that closes sends the releases still queued.
 */
abstract class BatchedReleasesContract {

	private static final ConcurrencyLimit ONE = ConcurrencyLimit.of(1);

	/**
	 * Returns a new connected backend on the Redis under test, with no heartbeat, so that the scripts it runs are
	 * the test's own; the test closes it.
	 * @param observer the backend's observer
	 * @return the backend
	 */
	protected abstract RedisBackend backend(LimiterObserver observer);

	/** {@return the script calls that the Redis under test served so far} */
	protected abstract ScriptCalls scriptCalls();

	@Test
	void eachTakeCarriesTheReleaseQueuedBeforeIt() throws Exception {
		int rounds = 200;
		try (RedisBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(ConcurrencyLimiterContract.uniqueName(), ONE);
			long before = scriptCalls().served();
			for (int i = 0; i < rounds; i++) {
				try (ConcurrencyPermit permit = exports.tryAcquire("tenant")) {
					assertThat(permit.isAllowed()).as("the take of round %d counts without the release before it", i)
						.isTrue();
				}
			}
			assertThat(exports.inFlight("tenant")).isZero();
			long calls = scriptCalls().served() - before;
			assertThat(calls).as("script calls for %d takes and releases and a look", rounds)
				.isLessThanOrEqualTo((long) (rounds * 1.2));
		}
	}

	@Test
	void threadsOfOneKeyEachAndAtMostOneAndAFifthCallPerPermit() throws Exception {
		int threads = 4;
		int rounds = 100;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try (RedisBackend backend = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = backend.concurrencyLimiter(ConcurrencyLimiterContract.uniqueName(), ONE);
			long before = scriptCalls().served();
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				String key = "user-" + t;
				workers.add(pool.submit(() -> {
					for (int i = 0; i < rounds; i++) {
						try (ConcurrencyPermit permit = exports.tryAcquire(key)) {
							assertThat(permit.isAllowed()).as("%s, round %d", key, i).isTrue();
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(30, TimeUnit.SECONDS);
			}
			long calls = scriptCalls().served() - before;
			assertThat(calls).as("script calls for %d permits", threads * rounds)
				.isLessThanOrEqualTo((long) (threads * rounds * 1.2));
			for (int t = 0; t < threads; t++) {
				assertThat(exports.inFlight("user-" + t)).isZero();
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void aReleaseNoTakeFollowsGoesAloneWithinItsBound() throws Exception {
		BlockingQueue<Long> releasedAt = new LinkedBlockingQueue<>();
		LimiterObserver observer = new LimiterObserver() {

			@Override
			public void onPermitRelease(String limitName, ConcurrencyLimit limit, long heldNanos, boolean returned) {
				if (returned) {
					releasedAt.add(System.nanoTime());
				}
			}

		};
		String name = ConcurrencyLimiterContract.uniqueName();
		try (RedisBackend holder = backend(observer); RedisBackend other = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter exports = holder.concurrencyLimiter(name, ONE);
			ConcurrencyLimiter elsewhere = other.concurrencyLimiter(name, ONE);
			ConcurrencyPermit permit = exports.tryAcquire("tenant");
			assertThat(permit.isAllowed()).isTrue();
			assertThat(elsewhere.tryAcquire("tenant").isAllowed()).isFalse();
			long closed = System.nanoTime();
			permit.close();
			Long answered = releasedAt.poll(5, TimeUnit.SECONDS);
			assertThat(answered).as("Redis took the release back with no other call of its instance").isNotNull();
			assertThat(TimeUnit.NANOSECONDS.toMillis(answered - closed))
				.as("sent within 5 ms, answered within the call's timeout")
				.isLessThan(5 + RedisBackend.DEFAULT_TIMEOUT.toMillis());
			assertThat(elsewhere.inFlight("tenant")).isZero();
			try (ConcurrencyPermit next = elsewhere.tryAcquire("tenant")) {
				assertThat(next.isAllowed()).as("free for a take of another instance").isTrue();
			}
		}
	}

	@Test
	void closingTheBackendSendsTheReleasesStillQueued() {
		String name = ConcurrencyLimiterContract.uniqueName();
		try (RedisBackend other = backend(LimiterObserver.NONE)) {
			ConcurrencyLimiter elsewhere = other.concurrencyLimiter(name, ONE);
			RedisBackend holder = backend(LimiterObserver.NONE);
			ConcurrencyLimiter exports = holder.concurrencyLimiter(name, ONE);
			List<ConcurrencyPermit> permits = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				permits.add(exports.tryAcquire("tenant-" + i));
			}
			assertThat(permits).allSatisfy((permit) -> assertThat(permit.isAllowed()).isTrue());
			permits.forEach(ConcurrencyPermit::close);
			holder.close();
			for (int i = 0; i < 20; i++) {
				assertThat(elsewhere.inFlight("tenant-" + i)).as("tenant-%d", i).isZero();
			}
		}
	}

}
