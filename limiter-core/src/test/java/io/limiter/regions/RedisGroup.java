package io.limiter.regions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RedisBackend;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instances that decide one limit on one Redis, each a plain {@link RedisBackend} with its own clients and a
 * {@link CountingObserver}: a region of the baselines, or the single-region reference.
 */
final class RedisGroup implements AutoCloseable {

	private final Limit limit;

	private final List<RedisBackend> backends = new ArrayList<>();

	private final List<Instance> instances = new ArrayList<>();

	/**
	 * Builds the instances.
	 * @param redisUri their Redis
	 * @param limit the limit they decide
	 * @param policy their failure policy
	 * @param requestsPerSecond each instance's load, one entry per instance
	 */
	RedisGroup(String redisUri, Limit limit, FailurePolicy policy, List<Double> requestsPerSecond) {
		this.limit = limit;
		for (double rate : requestsPerSecond) {
			CountingObserver observer = new CountingObserver();
			RedisBackend backend = RedisBackend.builder()
				.standalone(redisUri)
				.namespace(Simulation.NAMESPACE)
				.failurePolicy(policy)
				.observer(observer)
				.build();
			this.backends.add(backend);
			this.instances.add(new Instance(backend.limiter(Simulation.LIMIT_NAME, limit), observer, rate));
		}
	}

	/**
	 * Waits until each instance is connected and has seen the others' heartbeat, as instances that have run a while
	 * have, so that each falls back to its share.
	 * @throws InterruptedException when interrupted
	 */
	void awaitReady() throws InterruptedException {
		for (RedisBackend backend : this.backends) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).as("connected to Redis").isTrue();
		}
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (this.backends.stream().anyMatch((backend) -> backend.fallbackInstances() < this.backends.size())) {
			assertThat(System.nanoTime()).as("the instances count each other").isLessThan(deadline);
			Thread.sleep(50);
		}
	}

	/** {@return the instances} */
	List<Instance> instances() {
		return this.instances;
	}

	/** {@return the permits the instances granted} */
	long granted() {
		return this.instances.stream().mapToLong((instance) -> instance.observer().granted()).sum();
	}

	/**
	 * Returns the most the instances may grant by the limit's stated bound: its budget over the run, its capacity
	 * again for each loss of Redis' state, and each instance's fallback share for the time its policy decided.
	 * @param elapsedNanos the run's length
	 * @param lostStates how many times Redis lost the key's state
	 * @return the bound
	 */
	long bound(long elapsedNanos, int lostStates) {
		long bound = Simulation.budget(this.limit, elapsedNanos) + lostStates * this.limit.capacity();
		long share = -Math.floorDiv(-this.limit.capacity(), this.instances.size());
		for (Instance instance : this.instances) {
			long span = instance.observer().degradedSpanNanos();
			if (instance.observer().degraded() > 0) {
				bound += share + share * TimeUnit.NANOSECONDS.toMillis(span) / this.limit.periodMillis() + 1;
			}
		}
		return bound;
	}

	@Override
	public void close() {
		this.backends.forEach(RedisBackend::close);
	}

}
