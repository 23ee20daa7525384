package io.limiter.concurrency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.FailurePolicy;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisCluster;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "At most N in flight per key, across the fleet", shown on the real 3-master cluster: three backends, 64 threads,
 * random work times, and random crashes of a backend (closed without releasing its permits, its work stopped at
 * once). The test's own count of work running at once never exceeds the limit, and a crashed backend's permits
 * return within the lease.
 */
class ClusterConcurrencyIntegrationTests {

	private static final int LIMIT = 5;

	private static final Duration LEASE = Duration.ofSeconds(2);

	private static final int THREADS = 64;

	private static final long RUN_MILLIS = 6000;

	private static final long CRASH_EVERY_MILLIS = 1500;

	/** How much later than the lease a crashed holder's permits may be seen back: the poll's interval and a call. */
	private static final long POLL_MARGIN_MILLIS = 250;

	private static final List<String> KEYS = List.of("tenant-a", "tenant-b");

	private final RedisCluster cluster = RedisFixtures.cluster();

	private final String name = "cc-fleet-" + UUID.randomUUID().toString().substring(0, 8);

	private final ConcurrencyLimit limit = ConcurrencyLimit.of(LIMIT, LEASE);

	@Test
	void neverMoreThanTheLimitInFlightAndACrashedBackendsPermitsReturnWithinTheLease() throws Exception {
		List<AtomicReference<Instance>> instances = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			instances.add(new AtomicReference<>(new Instance(newBackend())));
		}
		Running[] running = { new Running(), new Running() };
		AtomicLong grants = new AtomicLong();
		AtomicLong degraded = new AtomicLong();
		ExecutorService threads = Executors.newFixedThreadPool(THREADS);
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RUN_MILLIS);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				workers.add(threads.submit(() -> {
					ThreadLocalRandom random = ThreadLocalRandom.current();
					while (System.nanoTime() < end) {
						Instance instance = instances.get(random.nextInt(instances.size())).get();
						int k = random.nextInt(KEYS.size());
						ConcurrencyPermit permit = instance.limiter.tryAcquire(KEYS.get(k));
						if (permit.isDegraded()) {
							degraded.incrementAndGet();
						}
						if (!permit.isAllowed()) {
							Thread.sleep(random.nextInt(3));
							continue;
						}
						grants.incrementAndGet();
						if (!instance.start(running[k])) {
							continue;
						}
						Thread.sleep(random.nextInt(1, 40));
						if (instance.finish(running[k])) {
							permit.close();
						}
					}
					return null;
				}));
			}
			int crashes = 0;
			long lastCrash = 0;
			while (System.nanoTime() < end - TimeUnit.MILLISECONDS.toNanos(CRASH_EVERY_MILLIS / 2)) {
				Thread.sleep(CRASH_EVERY_MILLIS);
				AtomicReference<Instance> slot = instances.get(ThreadLocalRandom.current().nextInt(instances.size()));
				slot.getAndSet(new Instance(newBackend())).crash();
				lastCrash = System.nanoTime();
				crashes++;
			}
			for (Future<?> worker : workers) {
				worker.get(30, TimeUnit.SECONDS);
			}
			ConcurrencyLimiter survivor = instances.get(0).get().limiter;
			long recovered = awaitNoneInFlight(survivor, KEYS, lastCrash);
			System.out.printf("concurrency on the cluster: %d grants, %d degraded decisions, %d crashes, most running"
					+ " at once %d and %d of %d, the last crash's permits back %d ms after it (lease %d ms)%n",
					grants.get(), degraded.get(), crashes, running[0].most.get(), running[1].most.get(), LIMIT,
					recovered, LEASE.toMillis());
			assertThat(running[0].most.get()).isLessThanOrEqualTo(LIMIT);
			assertThat(running[1].most.get()).isLessThanOrEqualTo(LIMIT);
			assertThat(crashes).isGreaterThanOrEqualTo(2);
			assertThat(grants.get()).isGreaterThan(100);
			assertThat(recovered).isLessThanOrEqualTo(LEASE.toMillis() + POLL_MARGIN_MILLIS);
		}
		finally {
			threads.shutdownNow();
			for (AtomicReference<Instance> slot : instances) {
				slot.get().backend.close();
			}
		}
	}

	@Test
	void aCrashedBackendsHeldPermitsCountUntilTheirLeaseEnds() throws Exception {
		try (RedisBackend survivor = newBackend()) {
			ConcurrencyLimiter others = survivor.concurrencyLimiter(this.name + "-held", this.limit);
			RedisBackend crashing = newBackend();
			ConcurrencyLimiter holder = crashing.concurrencyLimiter(this.name + "-held", this.limit);
			for (int i = 0; i < LIMIT; i++) {
				assertThat(holder.tryAcquire("tenant").isAllowed()).isTrue();
			}
			Thread.sleep(LEASE.toMillis());
			assertThat(others.tryAcquire("tenant").isAllowed()).as("renewed while held").isFalse();
			crashing.close();
			long crashed = System.nanoTime();
			assertThat(others.inFlight("tenant")).as("closing a backend releases nothing").isEqualTo(LIMIT);
			long recovered = awaitNoneInFlight(others, List.of("tenant"), crashed);
			System.out.printf("concurrency on the cluster: %d permits of a crashed backend back %d ms after the crash"
					+ " (lease %d ms)%n", LIMIT, recovered, LEASE.toMillis());
			assertThat(recovered).isLessThanOrEqualTo(LEASE.toMillis() + POLL_MARGIN_MILLIS);
			assertThat(others.tryAcquire("tenant").isAllowed()).isTrue();
		}
	}

	/** Polls until no permit of the keys is in flight; returns the milliseconds since {@code sinceNanos}. */
	private static long awaitNoneInFlight(ConcurrencyLimiter limiter, List<String> keys, long sinceNanos)
			throws InterruptedException {
		long giveUp = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (keys.stream().mapToLong(limiter::inFlight).sum() > 0 && System.nanoTime() < giveUp) {
			Thread.sleep(10);
		}
		return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
	}

	private RedisBackend newBackend() {
		return StandaloneConcurrencyIntegrationTests.connected(RedisBackend.builder()
			.cluster(this.cluster.seedNodes())
			.namespace("concurrency")
			.failurePolicy(FailurePolicy.FAIL_CLOSED));
	}

	/** The work running at once of one key, as the test itself counts it. */
	private static final class Running {

		private final AtomicInteger now = new AtomicInteger();

		private final AtomicInteger most = new AtomicInteger();

	}

	/**
	 * One instance of the service: a backend and the work it runs. A crash stops its work at once (it no longer
	 * counts as running) and closes its backend without releasing a permit.
	 */
	private final class Instance {

		private final RedisBackend backend;

		private final ConcurrencyLimiter limiter;

		private final List<Running> runningWork = new ArrayList<>();

		private boolean crashed;

		Instance(RedisBackend backend) {
			this.backend = backend;
			this.limiter = backend.concurrencyLimiter(ClusterConcurrencyIntegrationTests.this.name,
					ClusterConcurrencyIntegrationTests.this.limit);
		}

		synchronized boolean start(Running running) {
			if (this.crashed) {
				return false;
			}
			this.runningWork.add(running);
			running.most.accumulateAndGet(running.now.incrementAndGet(), Math::max);
			return true;
		}

		synchronized boolean finish(Running running) {
			if (this.crashed) {
				return false;
			}
			this.runningWork.remove(running);
			running.now.decrementAndGet();
			return true;
		}

		void crash() {
			synchronized (this) {
				this.crashed = true;
				for (Running running : this.runningWork) {
					running.now.decrementAndGet();
				}
				this.runningWork.clear();
			}
			this.backend.close();
		}

	}

}
