package io.limiter.reliability;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.internal.StateKeys;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Services on one Redis with limits of the same name: backends of different namespaces keep separate counts and
 * count only their own instances in the heartbeat, backends of one namespace share both, and a key lives where
 * {@link StateKeys} says.
 */
class NamespaceIntegrationTests {

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 3, Duration.ofHours(1));

	private final String orders = "orders-" + UUID.randomUUID();

	private final String billing = "billing-" + UUID.randomUUID();

	@Test
	void namespacesKeepTheirOwnCountsOfALimitOfOneName() {
		String key = UUID.randomUUID().toString();
		try (RedisBackend ordersOne = backend(this.orders); RedisBackend ordersTwo = backend(this.orders);
				RedisBackend billingOne = backend(this.billing);
				RedisBackend none = connected(RedisBackend.builder().standalone(RedisFixtures.standalone().uri()))) {
			Decision first = ordersOne.limiter("hello", LIMIT).tryAcquire(key, 2);
			assertThat(first.isDegraded()).as("decided by Redis").isFalse();
			assertThat(first.remaining()).isEqualTo(1);
			assertThat(ordersTwo.limiter("hello", LIMIT).tryAcquire(key, 1).remaining())
				.as("one namespace shares").isZero();
			assertThat(billingOne.limiter("hello", LIMIT).tryAcquire(key, 1).remaining())
				.as("another namespace counts apart").isEqualTo(2);
			assertThat(none.limiter("hello", LIMIT).tryAcquire(key, 0).remaining())
				.as("and so does a backend without one").isEqualTo(3);
			String stateKey = StateKeys.of(this.orders).stateKey("hello", key) + ":tb";
			long exists = RedisAdmin.call(RedisFixtures.standalone().uri(), (redis) -> redis.exists(stateKey));
			assertThat(exists).as("the key lives under the namespace").isEqualTo(1);
		}
	}

	@Test
	void theHeartbeatCountsTheInstancesOfOneNamespaceOnly() throws InterruptedException {
		try (RedisBackend ordersOne = backend(this.orders); RedisBackend ordersTwo = backend(this.orders);
				RedisBackend billingOne = backend(this.billing)) {
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
			while ((ordersOne.fallbackInstances() < 2 || ordersTwo.fallbackInstances() < 2)
					&& System.nanoTime() < deadline) {
				Thread.sleep(50);
			}
			assertThat(ordersOne.fallbackInstances()).isEqualTo(2);
			assertThat(ordersTwo.fallbackInstances()).isEqualTo(2);
			assertThat(instances(this.orders)).isEqualTo(2);
			assertThat(instances(this.billing)).as("billing's set holds billing's instance only").isEqualTo(1);
			assertThat(billingOne.fallbackInstances()).isEqualTo(1);
		}
		assertThat(instances(this.orders)).as("closed backends leave the heartbeat").isZero();
	}

	private static long instances(String namespace) {
		String set = StateKeys.of(namespace).instancesKey();
		return RedisAdmin.call(RedisFixtures.standalone().uri(), (redis) -> redis.zcard(set));
	}

	private static RedisBackend backend(String namespace) {
		return connected(RedisBackend.builder().standalone(RedisFixtures.standalone().uri()).namespace(namespace));
	}

	private static RedisBackend connected(RedisBackendBuilder builder) {
		RedisBackend backend = builder.build();
		try {
			assertThat(backend.awaitConnection(Duration.ofSeconds(20))).as("connected to the test Redis").isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return backend;
	}

}
