package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.Decision;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisStandalone;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot's Redis connection on real servers: {@code spring.data.redis.*} and a connection-details bean, as a
 * Testcontainers {@code @ServiceConnection} or Docker Compose supplies one, reach a standalone server and a cluster;
 * and two applications on one Redis with a limit of the same name count apart by {@code spring.application.name},
 * while two instances of one application share.
 */
class LimiterSpringBootRedisIntegrationTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, LimiterAutoConfiguration.class))
		.withPropertyValues("limiter.redis.timeout=1s", "limiter.limits.hello.capacity=3",
				"limiter.limits.hello.period=1h");

	@Test
	void springDataRedisHostAndPortReachAStandaloneServer() {
		RedisStandalone standalone = RedisFixtures.standalone();
		this.runner
			.withPropertyValues("spring.data.redis.host=" + standalone.host(),
					"spring.data.redis.port=" + standalone.port())
			.run(LimiterSpringBootRedisIntegrationTests::assertDecidesInRedis);
	}

	@Test
	void springDataRedisClusterNodesReachACluster() {
		this.runner.withPropertyValues("spring.data.redis.cluster.nodes=" + RedisFixtures.cluster().seedNodes())
			.run(LimiterSpringBootRedisIntegrationTests::assertDecidesInRedis);
	}

	@Test
	void aConnectionDetailsBeanReachesAStandaloneServer() {
		RedisStandalone standalone = RedisFixtures.standalone();
		DataRedisConnectionDetails details = new DataRedisConnectionDetails() {

			@Override
			public Standalone getStandalone() {
				return Standalone.of(standalone.host(), standalone.port());
			}

		};
		this.runner.withBean(DataRedisConnectionDetails.class, () -> details)
			.run(LimiterSpringBootRedisIntegrationTests::assertDecidesInRedis);
	}

	@Test
	void aConnectionDetailsBeanReachesACluster() {
		List<DataRedisConnectionDetails.Node> nodes = Arrays.stream(RedisFixtures.cluster().seedNodes().split(","))
			.map((node) -> new DataRedisConnectionDetails.Node(node.substring(0, node.lastIndexOf(':')),
					Integer.parseInt(node.substring(node.lastIndexOf(':') + 1))))
			.toList();
		DataRedisConnectionDetails details = new DataRedisConnectionDetails() {

			@Override
			public Cluster getCluster() {
				return () -> nodes;
			}

		};
		this.runner.withBean(DataRedisConnectionDetails.class, () -> details)
			.run(LimiterSpringBootRedisIntegrationTests::assertDecidesInRedis);
	}

	@Test
	void twoApplicationsOnOneRedisCountApartAndTwoInstancesOfOneShare() {
		RedisStandalone standalone = RedisFixtures.standalone();
		ApplicationContextRunner onOneRedis = this.runner.withPropertyValues(
				"spring.data.redis.host=" + standalone.host(), "spring.data.redis.port=" + standalone.port());
		ApplicationContextRunner orders = onOneRedis.withPropertyValues("spring.application.name=orders");
		ApplicationContextRunner billing = onOneRedis.withPropertyValues("spring.application.name=billing");
		String key = UUID.randomUUID().toString();
		orders.run((ordersOne) -> orders.run((ordersTwo) -> billing.run((billingOne) -> {
			assertThat(hello(ordersOne).tryAcquire(key, 3).remaining()).isZero();
			Decision sameApplication = hello(ordersTwo).tryAcquire(key);
			assertThat(sameApplication.isDegraded()).isFalse();
			assertThat(sameApplication.isAllowed()).as("two instances of one application share").isFalse();
			Decision otherApplication = hello(billingOne).tryAcquire(key);
			assertThat(otherApplication.isDegraded()).isFalse();
			assertThat(otherApplication.isAllowed()).as("another application counts apart").isTrue();
			assertThat(otherApplication.remaining()).isEqualTo(2);
			assertThat(ordersOne.getBean(RedisBackend.class)).asString().endsWith("namespace 'orders'");
		})));
	}

	private static RateLimiter hello(AssertableApplicationContext context) throws InterruptedException {
		assertThat(context.getBean(RedisBackend.class).awaitConnection(Duration.ofSeconds(20))).isTrue();
		return context.getBean(RateLimiterRegistry.class).limiter("hello");
	}

	private static void assertDecidesInRedis(AssertableApplicationContext context) throws InterruptedException {
		RateLimiter hello = hello(context);
		String key = UUID.randomUUID().toString();
		assertThat(hello.tryAcquire(key, 3).isDegraded()).isFalse();
		Decision fourth = hello.tryAcquire(key);
		assertThat(fourth.isDegraded()).isFalse();
		assertThat(fourth.isAllowed()).isFalse();
	}

}
