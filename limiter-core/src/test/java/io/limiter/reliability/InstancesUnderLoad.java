package io.limiter.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;

import io.limiter.DegradedReason;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three instances of a service, each a {@link RedisBackend} with its own clients and default settings, as the
 * starter builds them for a named application (where Redis is, a namespace, and an observer as the starter's
 * metrics are one), deciding on shared keys from 16 threads each while a fault is injected a third into the run.
 * Every decision is timed, every degraded one is heard with its reason by its instance's {@link RecordingObserver},
 * and what the instances decided together on each key is a {@link SharedKeyOutcome}.
 */
final class InstancesUnderLoad implements AutoCloseable {

	static final int INSTANCES = 3;

	static final String NAMESPACE = "defaults-under-faults";

	/**
	 * How much later than the backend's timeout a decision may come back: what a two-core machine busy with other
	 * builds adds to a deadline that passed (0.95 s was seen, see {@code RedisDownIntegrationTests}), less than the
	 * timeout itself, so that a decision caught only by the synchronous guard (twice the timeout) fails the check.
	 */
	static final Duration ANSWER_MARGIN = Duration.ofMillis(1500);

	private static final int THREADS_PER_INSTANCE = 16;

	/** Each thread pauses this long between decisions, as a request thread does other work. */
	private static final long PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(500);

	private final List<RedisBackend> backends = new ArrayList<>();

	private final List<RecordingObserver> observers = new ArrayList<>();

	private InstancesUnderLoad(IntFunction<RedisBackendBuilder> whereRedisIs) {
		for (int i = 0; i < INSTANCES; i++) {
			RecordingObserver observer = new RecordingObserver();
			this.observers.add(observer);
			this.backends.add(whereRedisIs.apply(i).namespace(NAMESPACE).observer(observer).build());
		}
	}

	/**
	 * Builds the instances and waits until each is connected and has seen the others' heartbeat, as instances
	 * that have run a while have.
	 * @param whereRedisIs a builder that names where Redis is, for each instance's index
	 * @return the instances
	 * @throws InterruptedException when interrupted
	 */
	static InstancesUnderLoad start(IntFunction<RedisBackendBuilder> whereRedisIs) throws InterruptedException {
		InstancesUnderLoad instances = new InstancesUnderLoad(whereRedisIs);
		for (RedisBackend backend : instances.backends) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (instances.backends.stream().anyMatch((backend) -> backend.fallbackInstances() < INSTANCES)) {
			assertThat(System.nanoTime()).as("the instances count each other").isLessThan(deadline);
			Thread.sleep(50);
		}
		return instances;
	}

	/**
	 * Runs the load on every instance, injects the fault a third into the run, and returns what was decided on each
	 * key. The threads of each instance take the keys in turn, so each key has threads on every instance.
	 * @param duration how long the load runs, at least
	 * @param fault the fault, or {@code null} for none
	 * @param keys the shared keys, each of its own limit
	 * @return what was decided
	 * @throws Exception when the fault fails
	 */
	Run run(Duration duration, Fault fault, SharedKey... keys) throws Exception {
		List<SharedKeyOutcome> outcomes = new ArrayList<>();
		List<List<RateLimiter>> limiters = new ArrayList<>();
		for (SharedKey key : keys) {
			outcomes.add(new SharedKeyOutcome(key.name(), key.limit(), this.backends.get(0).fallbackInstances()));
			limiters.add(this.backends.stream().map((backend) -> backend.limiter(key.name(), key.limit())).toList());
		}
		long start = System.nanoTime();
		Load load = Load.start(INSTANCES * THREADS_PER_INSTANCE, (thread, iteration) -> {
			int index = (thread / INSTANCES) % keys.length;
			RateLimiter limiter = limiters.get(index).get(thread % INSTANCES);
			long asked = System.nanoTime();
			outcomes.get(index).record(limiter.tryAcquire(keys[index].key()), asked, System.nanoTime());
			LockSupport.parkNanos(PAUSE_NANOS);
		});
		if (fault != null) {
			Thread.sleep(duration.toMillis() / 3);
			long began = System.nanoTime();
			fault.inject();
			long ended = System.nanoTime();
			outcomes.forEach((outcome) -> outcome.fault(began, ended));
		}
		Thread.sleep(Math.max(0, duration.toMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)));
		long elapsed = load.stop();
		outcomes.forEach((outcome) -> outcome.elapsed(elapsed));
		return new Run(outcomes, load.exceptions());
	}

	/**
	 * Returns an instance's backend.
	 * @param index the instance
	 * @return its backend
	 */
	RedisBackend backend(int index) {
		return this.backends.get(index);
	}

	/**
	 * Returns why an instance's policy decided, for one limit.
	 * @param index the instance
	 * @param limitName the limit
	 * @return the counts by reason
	 */
	Map<DegradedReason, Long> reasons(int index, String limitName) {
		return this.observers.get(index).failuresByReason(limitName);
	}

	/**
	 * Returns why the policy decided, for one limit, on all instances together.
	 * @param limitName the limit
	 * @return the counts by reason
	 */
	Map<DegradedReason, Long> reasons(String limitName) {
		Map<DegradedReason, Long> sum = new EnumMap<>(DegradedReason.class);
		for (int i = 0; i < INSTANCES; i++) {
			reasons(i, limitName).forEach((reason, count) -> sum.merge(reason, count, Long::sum));
		}
		return sum;
	}

	/**
	 * Returns the first failure any instance heard of a reason.
	 * @param reason the reason
	 * @return its message, or {@code null} when none was heard
	 */
	String firstFailure(DegradedReason reason) {
		return this.observers.stream().map((observer) -> observer.firstFailure(reason)).filter((f) -> f != null)
			.map(Throwable::getMessage).findFirst().orElse(null);
	}

	/**
	 * Checks what "never unlimited" promises for a run: no exception reached a caller; on each key, the instances
	 * allowed no more than the stated bound, nor Redis and the fallbacks more than their parts of it, every decision came back within the backend's timeout and
	 * {@link #ANSWER_MARGIN}, and each decision by the policy was heard, with its reason, by an observer.
	 * @param run the run
	 * @param stateLosingEvents how many failovers or restarts lost Redis' state during it
	 */
	void assertNeverUnlimited(Run run, int stateLosingEvents) {
		assertThat(run.exceptions()).as("exceptions that reached a caller").isEmpty();
		for (SharedKeyOutcome outcome : run.outcomes()) {
			assertThat(outcome.allowed()).as("allowed, within the bound: %s", outcome)
				.isLessThanOrEqualTo(outcome.bound(stateLosingEvents));
			assertThat(outcome.redisAllowed()).as("allowed by Redis, within its budget and lost bursts: %s", outcome)
				.isLessThanOrEqualTo(outcome.redisBound(stateLosingEvents));
			assertThat(outcome.fallbackAllowed()).as("allowed by the fallbacks, within their shares: %s", outcome)
				.isLessThanOrEqualTo(outcome.fallbackBound());
			assertThat(outcome.slowestMillis()).as("the slowest answer, within the timeout: %s", outcome)
				.isLessThanOrEqualTo(RedisBackend.DEFAULT_TIMEOUT.plus(ANSWER_MARGIN).toMillis());
			assertThat(reasons(outcome.name()).values().stream().mapToLong(Long::longValue).sum())
				.as("decisions by the policy heard with their reason: %s", outcome)
				.isEqualTo(outcome.degraded());
		}
	}

	@Override
	public void close() {
		this.backends.forEach(RedisBackend::close);
	}

	/**
	 * One key that every instance decides on, of its own limit.
	 * @param name the limit's name
	 * @param limit the limit
	 * @param key the user's key
	 */
	record SharedKey(String name, Limit limit, String key) {
	}

	/**
	 * What the instances decided in one run.
	 * @param outcomes one per key, in the order of the keys
	 * @param exceptions what reached a caller
	 */
	record Run(List<SharedKeyOutcome> outcomes, List<Throwable> exceptions) {

		/** {@return the outcome of the only key, or the first} */
		SharedKeyOutcome outcome() {
			return this.outcomes.get(0);
		}

	}

	/**
	 * A fault injected into a run; it may take a while, the load goes on meanwhile.
	 */
	@FunctionalInterface
	interface Fault {

		/**
		 * Injects the fault.
		 * @throws Exception anything, which fails the run
		 */
		void inject() throws Exception;

	}

}
