package io.limiter.spring.autoconfigure;

import java.util.function.Supplier;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.core.ReactiveAdapterRegistry;

import io.limiter.LimiterClock;
import io.limiter.RedisBackend;
import io.limiter.spring.LimitPlanResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where Limiter uses one bean of a type and the application has two, start-up fails naming both and how to choose,
 * unless one is {@code @Primary}, as Spring decides for an injection point; before, Limiter went on as if there were
 * none (another Redis, memory, the system clock, "no LimitPlanResolver").
 */
class LimiterSingleCandidateTests {

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class,
				LimiterRefreshAutoConfiguration.class))
		.withPropertyValues("limiter.redis.startup-wait=-1s", "limiter.limits.hello.capacity=3",
				"limiter.limits.hello.period=1h");

	@Test
	void twoLettuceClientsFailNamingBoth() {
		this.runner.withBean("ordersRedis", RedisClient.class, RedisClient::create,
				(bean) -> bean.setDestroyMethodName("shutdown"))
			.withBean("cacheRedis", RedisClient.class, RedisClient::create, (bean) -> bean.setDestroyMethodName("shutdown"))
			.run(failsNaming(RedisClient.class, "ordersRedis", "cacheRedis"));
		this.runner
			.withBean("ordersCluster", RedisClusterClient.class, clusterClient(),
					(bean) -> bean.setDestroyMethodName("shutdown"))
			.withBean("cacheCluster", RedisClusterClient.class, clusterClient(),
					(bean) -> bean.setDestroyMethodName("shutdown"))
			.run(failsNaming(RedisClusterClient.class, "ordersCluster", "cacheCluster"));
	}

	@Test
	void twoSpringBootRedisConnectionsFailNamingBothUnlessOneIsPrimary() {
		this.runner.withBean("first", DataRedisConnectionDetails.class, standalone(5))
			.withBean("second", DataRedisConnectionDetails.class, standalone(6))
			.run(failsNaming(DataRedisConnectionDetails.class, "first", "second"));
		this.runner.withBean("first", DataRedisConnectionDetails.class, standalone(5))
			.withBean("second", DataRedisConnectionDetails.class, standalone(6), (bean) -> bean.setPrimary(true))
			.run((context) -> assertThat(context.getBean(RedisBackend.class).toString())
				.startsWith("Redis standalone 127.0.0.1:6"));
	}

	@Test
	void twoPlanResolversFailNamingBoth() {
		this.runner.withPropertyValues("limiter.limits.hello.plans.gold.capacity=10")
			.withBean("customers", LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withBean("partners", LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.run(failsNaming(LimitPlanResolver.class, "customers", "partners"));
	}

	@Test
	void twoClocksFailNamingBoth() {
		this.runner.withBean("wall", LimiterClock.class, () -> LimiterClock.system())
			.withBean("test", LimiterClock.class, () -> () -> 0)
			.run(failsNaming(LimiterClock.class, "wall", "test"));
	}

	@Test
	void twoReactiveAdapterRegistriesFailNamingBoth() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class,
					LimiterAspectAutoConfiguration.class, AopAutoConfiguration.class))
			.withBean("webFluxAdapterRegistry", ReactiveAdapterRegistry.class, ReactiveAdapterRegistry::new)
			.withBean("ownAdapters", ReactiveAdapterRegistry.class, ReactiveAdapterRegistry::new)
			.run(failsNaming(ReactiveAdapterRegistry.class, "webFluxAdapterRegistry", "ownAdapters"));
	}

	private static Supplier<RedisClusterClient> clusterClient() {
		return () -> RedisClusterClient.create("redis://127.0.0.1:7001");
	}

	private static Supplier<DataRedisConnectionDetails> standalone(int port) {
		return () -> new DataRedisConnectionDetails() {

			@Override
			public Standalone getStandalone() {
				return Standalone.of("127.0.0.1", port);
			}

		};
	}

	private static ContextConsumer<AssertableApplicationContext> failsNaming(Class<?> type, String first,
			String second) {
		return (context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessage("Limiter uses one " + type.getName() + " bean, but found 2: '" + first + "', '" + second
						+ "'. Mark the one Limiter should use @Primary, or remove the others");
		};
	}

}
