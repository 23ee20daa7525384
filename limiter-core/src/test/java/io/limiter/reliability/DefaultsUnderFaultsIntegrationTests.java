package io.limiter.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Never unlimited" with default settings: three backends, each with its own clients as three instances of a
 * service would have, share one hot key under load from many threads, and built with nothing but where Redis is and
 * the service's namespace, as the starter builds them for a named application.
 * The sum of what they allow stays within the limit's budget ({@code capacity + rate x duration}) plus the bound
 * that the documentation states for decisions made without Redis:
 * <ul>
 * <li>Redis' own grants are exact, but a failover may lose the writes the promoted replica had not received, and
 * a restarted standalone server has lost its state: at most one burst ({@code capacity}) per such event;</li>
 * <li>the local fallback of each instance grants at most its share, {@code ceil(capacity / instances)}, as a
 * burst plus its refill for as long as it decides: {@code instances x share x (1 + degraded time / period)}.</li>
 * </ul>
 * With no fault, decisions made by the failure policy stay rare on a saturated machine; after a master's
 * {@code SIGKILL}, or a standalone server stopped for 2 s, no exception reaches a caller.
 */
class DefaultsUnderFaultsIntegrationTests {

	private static final int INSTANCES = 3;

	private static final int THREADS_PER_INSTANCE = 16;

	/** A burst of 10 and 20 per second, as an API's per-client limit. */
	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMillis(500));

	private static final String NAME = "defaults";

	private static final String KEY = "hot";

	private static final String NAMESPACE = "defaults-under-faults";

	/** Each thread pauses this long between decisions, as a request thread does other work. */
	private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

	private static LocalRedisCluster cluster;

	@BeforeAll
	static void startCluster() {
		cluster = RedisFixtures.startCluster(LocalRedisCluster.DEFAULT_NODE_TIMEOUT);
	}

	@AfterAll
	static void stopCluster() {
		cluster.stop();
	}

	@Test
	void threeInstancesWithDefaultsStayWithinTheBudgetUnderLoad() throws Exception {
		Outcome outcome = run(clusterBackends(), Duration.ofSeconds(8), null);
		System.out.println("defaults, no fault: " + outcome);
		assertThat(outcome.exceptions).isEmpty();
		assertThat(outcome.degraded).as("decisions made by the failure policy: %s", outcome)
			.isLessThan(outcome.decisions / 20);
		assertThat(outcome.allowed()).as(outcome.toString()).isLessThanOrEqualTo(outcome.bound(0));
		assertThat(outcome.allowed()).as("the limit is used, not starved: %s", outcome)
			.isGreaterThanOrEqualTo(outcome.budget() / 2);
	}

	@Test
	void aMasterKilledMidRunLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		int slot = RedisAdmin.slotOf(StateKeys.of(NAMESPACE).stateKey(NAME, KEY));
		RedisServerProcess owner = RedisAdmin.masterOf(cluster, slot);
		AtomicLong promotedAfter = new AtomicLong(-1);
		Outcome outcome = run(clusterBackends(), Duration.ofSeconds(10), () -> {
			long killed = System.nanoTime();
			owner.kill();
			promotedAfter.set(awaitPromotion(slot, killed));
		});
		System.out.println("defaults, master SIGKILL: " + outcome + "; replica promoted " + promotedAfter
				+ " ms after the kill");
		assertThat(outcome.exceptions).isEmpty();
		assertThat(outcome.allowed()).as(outcome.toString()).isLessThanOrEqualTo(outcome.bound(1));
		assertThat(outcome.redisAllowedAfterFault).as("Redis decides again after the failover: %s", outcome)
			.isPositive();
	}

	@Test
	void aStandaloneServerStoppedForTwoSecondsLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone()) {
			List<RedisBackend> backends = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				backends.add(RedisBackend.builder().standalone(redis.uri()).namespace(NAMESPACE).build());
			}
			Outcome outcome = run(backends, Duration.ofSeconds(8), () -> {
				redis.kill();
				LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(2));
				redis.restart();
			});
			System.out.println("defaults, standalone down for 2 s: " + outcome);
			assertThat(outcome.exceptions).isEmpty();
			assertThat(outcome.allowed()).as(outcome.toString()).isLessThanOrEqualTo(outcome.bound(1));
			assertThat(outcome.redisAllowedAfterFault).as("Redis decides again after the restart: %s", outcome)
				.isPositive();
		}
	}

	/** Waits until a live master serves the slot, and returns how long after the kill that was. */
	private static long awaitPromotion(int slot, long killedNanos) {
		long deadline = killedNanos + TimeUnit.SECONDS.toNanos(30);
		while (System.nanoTime() < deadline) {
			try {
				RedisAdmin.masterOf(cluster, slot);
				return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedNanos);
			}
			catch (RuntimeException ex) {
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
			}
		}
		throw new IllegalStateException("no replica was promoted for slot " + slot);
	}

	private static List<RedisBackend> clusterBackends() {
		List<RedisBackend> backends = new ArrayList<>();
		for (int i = 0; i < INSTANCES; i++) {
			backends.add(RedisBackend.builder().cluster(cluster.seedNodes()).namespace(NAMESPACE).build());
		}
		return backends;
	}

	/**
	 * Runs the load on every backend, injects the fault a third into the run, and closes the backends.
	 */
	private static Outcome run(List<RedisBackend> backends, Duration duration, Runnable fault) throws Exception {
		try {
			List<RateLimiter> limiters = new ArrayList<>();
			for (RedisBackend backend : backends) {
				assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
				limiters.add(backend.limiter(NAME, LIMIT));
			}
			awaitHeartbeats(backends);
			Outcome outcome = new Outcome(backends.get(0).fallbackInstances());
			long start = System.nanoTime();
			Load load = Load.start(INSTANCES * THREADS_PER_INSTANCE, (thread, iteration) -> {
				outcome.record(limiters.get(thread % INSTANCES).tryAcquire(KEY));
				LockSupport.parkNanos(PAUSE_NANOS);
			});
			if (fault != null) {
				Thread.sleep(duration.toMillis() / 3);
				outcome.faultAt = System.nanoTime();
				fault.run();
				outcome.faultEndedAt = System.nanoTime();
			}
			Thread.sleep(Math.max(0, duration.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
			outcome.nanos = load.stop();
			outcome.exceptions = load.exceptions();
			return outcome;
		}
		finally {
			backends.forEach(RedisBackend::close);
		}
	}

	/** Waits until every backend has seen the others' heartbeat, as instances that have run a while have. */
	private static void awaitHeartbeats(List<RedisBackend> backends) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (backends.stream().anyMatch((backend) -> backend.fallbackInstances() < INSTANCES)) {
			assertThat(System.nanoTime()).as("the instances count each other").isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	/** What the instances decided together. */
	private static final class Outcome {

		private final int instances;

		private final AtomicLong redisAllowed = new AtomicLong();

		private final AtomicLong degradedAllowed = new AtomicLong();

		private final AtomicLong firstDegraded = new AtomicLong(Long.MAX_VALUE);

		private final AtomicLong lastDegraded = new AtomicLong(Long.MIN_VALUE);

		private volatile long faultAt = Long.MAX_VALUE;

		private volatile long faultEndedAt = Long.MAX_VALUE;

		private long redisAllowedAfterFault;

		private long decisions;

		private long degraded;

		private long nanos;

		private List<Throwable> exceptions;

		Outcome(int instances) {
			this.instances = instances;
		}

		synchronized void record(Decision decision) {
			long now = System.nanoTime();
			this.decisions++;
			if (decision.isDegraded()) {
				this.degraded++;
				this.firstDegraded.accumulateAndGet(now, Math::min);
				this.lastDegraded.accumulateAndGet(now, Math::max);
				if (decision.isAllowed()) {
					this.degradedAllowed.incrementAndGet();
				}
			}
			else if (decision.isAllowed()) {
				this.redisAllowed.incrementAndGet();
				if (now > this.faultEndedAt) {
					this.redisAllowedAfterFault++;
				}
			}
		}

		long allowed() {
			return this.redisAllowed.get() + this.degradedAllowed.get();
		}

		long budget() {
			return LIMIT.capacity() + LIMIT.capacity() * TimeUnit.NANOSECONDS.toMillis(this.nanos) / LIMIT.periodMillis();
		}

		/**
		 * Returns the stated bound: the budget, one burst per event that loses Redis' state, and the fallback's
		 * shares for the time decisions were degraded.
		 */
		long bound(int stateLosingEvents) {
			long share = (LIMIT.capacity() + this.instances - 1) / this.instances;
			long fallback = 0;
			if (this.degraded > 0) {
				long degradedMillis = TimeUnit.NANOSECONDS.toMillis(this.lastDegraded.get() - this.firstDegraded.get());
				fallback = this.instances * share * (1 + (degradedMillis + LIMIT.periodMillis() - 1) / LIMIT.periodMillis());
			}
			return budget() + stateLosingEvents * LIMIT.capacity() + fallback;
		}

		@Override
		public synchronized String toString() {
			long degradedMillis = (this.degraded > 0)
					? TimeUnit.NANOSECONDS.toMillis(this.lastDegraded.get() - this.firstDegraded.get()) : 0;
			return this.decisions + " decisions in " + TimeUnit.NANOSECONDS.toMillis(this.nanos) + " ms by "
					+ this.instances + " instances; allowed " + allowed() + " (Redis " + this.redisAllowed + ", fallback "
					+ this.degradedAllowed + ") against a budget of " + budget() + " (x"
					+ String.format("%.2f", (double) allowed() / budget()) + "); " + this.degraded
					+ " decisions by the failure policy over " + degradedMillis + " ms"
					+ ((this.degraded > 0 && this.faultAt != Long.MAX_VALUE) ? ", the last "
							+ TimeUnit.NANOSECONDS.toMillis(this.lastDegraded.get() - this.faultAt) + " ms after the fault"
							: "");
		}

	}

}
