package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.Map;

import jakarta.servlet.DispatcherType;

import io.lettuce.core.RedisClient;
import io.lettuce.core.cluster.RedisClusterClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.ApplicationContextAssertProvider;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.web.servlet.DispatcherServlet;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.LimiterBackend;
import io.limiter.LimiterObserver;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.actuate.LimitersEndpoint;
import io.limiter.spring.internal.aop.RateLimitedAspect;
import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;
import io.limiter.spring.internal.web.CommittedFailureResolver;
import io.limiter.spring.internal.web.RateLimitExceededHandler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every condition of the auto-configuration without Redis: defaults, properties, user beans that back it off,
 * missing optional classes, and bad settings that fail start-up naming the property and the value.
 */
class LimiterAutoConfigurationTests {

	private static final AutoConfigurations LIMITER = AutoConfigurations.of(LimiterAutoConfiguration.class,
			LimiterAspectAutoConfiguration.class, LimiterEndpointAutoConfiguration.class,
			LimiterHealthAutoConfiguration.class, LimiterMetricsAutoConfiguration.class,
			LimiterWebAutoConfiguration.class, AopAutoConfiguration.class);

	private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(LIMITER);

	@Test
	void defaultsToTheInMemoryBackendWithNoLimits() {
		this.runner.run((context) -> {
			assertThat(context).hasSingleBean(InMemoryBackend.class)
				.hasSingleBean(RateLimiterRegistry.class)
				.hasSingleBean(LimitEnforcers.class)
				.doesNotHaveBean(RedisClient.class)
				.doesNotHaveBean(RedisClusterClient.class)
				.doesNotHaveBean(FilterRegistrationBean.class)
				.hasBean("limiterHealthIndicator");
			assertThat(context.getBean(RateLimiterRegistry.class).names()).isEmpty();
		});
	}

	@Test
	void bindsLimitsAndPolicies() {
		this.runner
			.withPropertyValues("limiter.failure-policy=fail-closed", "limiter.limits.hello.capacity=10",
					"limiter.limits.hello.period=1s", "limiter.limits.api.algorithm=gcra",
					"limiter.limits.api.capacity=100", "limiter.limits.api.period=1m", "limiter.limits.api.shadow=true",
					"limiter.limits.api.failure-policy=local-fallback")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThat(registry.names()).containsExactly("hello", "api");
				assertThat(registry.limiter("hello").limit())
					.isEqualTo(Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1)));
				assertThat(registry.limiter("api").limit()).isEqualTo(Limit.of(Algorithm.GCRA, 100, Duration.ofMinutes(1)));
				LimitEnforcers enforcers = context.getBean(LimitEnforcers.class);
				assertThat(registry.options("hello").failurePolicy()).as("the backend's").isNull();
				assertThat(enforcers.get("hello").shadow()).isFalse();
				assertThat(registry.options("api").failurePolicy()).isEqualTo(FailurePolicy.LOCAL_FALLBACK);
				assertThat(enforcers.get("api").shadow()).isTrue();
			});
	}

	@Test
	void userBackendBacksOffTheDefaultOne() {
		LimiterBackend own = InMemoryBackend.builder().maximumKeysPerLimit(7).build();
		this.runner.withBean("ownBackend", LimiterBackend.class, () -> own)
			.withPropertyValues("limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s")
			.run((context) -> {
				assertThat(context).hasSingleBean(LimiterBackend.class);
				assertThat(context.getBean(RateLimiterRegistry.class).backend()).isSameAs(own);
			});
	}

	@Test
	void userRegistryBacksOffTheDefaultOne() {
		RateLimiterRegistry own = new RateLimiterRegistry(InMemoryBackend.builder().build(),
				Map.of("mine", Limit.of(Algorithm.TOKEN_BUCKET, 1, Duration.ofSeconds(1))));
		this.runner.withBean(RateLimiterRegistry.class, () -> own).run((context) -> {
			assertThat(context).getBean(RateLimiterRegistry.class).isSameAs(own);
			assertThat(context.getBean(LimitEnforcers.class).get("mine").shadow()).isFalse();
		});
	}

	@Test
	void metricsNeedAMeterRegistry() {
		this.runner.run((context) -> assertThat(context).doesNotHaveBean(MicrometerLimiterObserver.class)
			.getBeanNames(LimiterObserver.class)
			.as("the health's counts of recent decisions")
			.containsExactly("limiterRecentDecisions"));
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.run((context) -> assertThat(context).getBean("limiterMetricsObserver", LimiterObserver.class)
				.isInstanceOf(MicrometerLimiterObserver.class));
	}

	@Test
	void statesEvictedFromAFullInMemoryLimitAreMetered() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withPropertyValues("limiter.memory.maximum-keys-per-limit=2", "limiter.limits.login.capacity=1",
					"limiter.limits.login.period=1h")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				for (int i = 0; i < 5; i++) {
					registry.limiter("login").tryAcquire("user-" + i);
				}
				assertThat(context.getBean(MeterRegistry.class)
					.get(MicrometerLimiterObserver.MEMORY_OVERFLOW)
					.tag("limit", "login")
					.counter()
					.count()).isEqualTo(3);
			});
	}

	@Test
	void metricsBackOffWithoutMicrometer() {
		this.runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
			.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasSingleBean(LimitEnforcers.class)
				.doesNotHaveBean("limiterMetricsObserver"));
	}

	@Test
	void aspectIsConfiguredWithOrWithoutAspectJ() {
		this.runner.run((context) -> assertThat(context).hasSingleBean(RateLimitedAspect.class));
		this.runner.withClassLoader(new FilteredClassLoader("org.aspectj"))
			.run((context) -> assertThat(context).hasSingleBean(RateLimitedAspect.class));
	}

	@Test
	void endpointIsConfiguredWhenExposedAndBacksOffWithoutActuator() {
		ApplicationContextRunner exposed = this.runner
			.withPropertyValues("management.endpoints.web.exposure.include=limiters");
		exposed.run((context) -> assertThat(context).hasSingleBean(LimitersEndpoint.class));
		exposed.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasSingleBean(LimitEnforcers.class)
				.doesNotHaveBean(LimitersEndpoint.class));
	}

	@Test
	void filterAndExceptionHandlerInAServletApplication() {
		WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(LIMITER);
		web.run((context) -> {
			assertThat(context).hasBean("limiterFilterRegistration")
				.hasSingleBean(RateLimitExceededHandler.class)
				.hasBean("limiterCommittedFailureResolver");
			FilterRegistrationBean<?> filter = context.getBean("limiterFilterRegistration", FilterRegistrationBean.class);
			assertThat(filter.determineDispatcherTypes()).containsExactlyInAnyOrder(DispatcherType.REQUEST, DispatcherType.ASYNC);
		});
		web.withPropertyValues("limiter.filter.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("limiterFilterRegistration")
				.doesNotHaveBean(CommittedFailureResolver.class)
				.hasSingleBean(RateLimitExceededHandler.class));
		web.withClassLoader(new FilteredClassLoader(DispatcherServlet.class))
			.run((context) -> assertThat(context).hasBean("limiterFilterRegistration")
				.doesNotHaveBean(CommittedFailureResolver.class));
	}

	@Test
	void bindsPlansThatTakeTheLimitsAlgorithmAndWhatTheyDoNotSet() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.limits.api.algorithm=gcra", "limiter.limits.api.capacity=2",
					"limiter.limits.api.period=1m", "limiter.limits.api.plans.gold.capacity=5",
					"limiter.limits.api.plans.slow.period=1h", "limiter.limits.api.plans.same.algorithm=gcra")
			.run((context) -> {
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThat(registry.plans("api")).containsExactly("default", "gold", "slow", "same");
				assertThat(registry.limiter("api", "gold").limit())
					.isEqualTo(Limit.of(Algorithm.GCRA, 5, Duration.ofMinutes(1)));
				assertThat(registry.limiter("api", "slow").limit())
					.isEqualTo(Limit.of(Algorithm.GCRA, 2, Duration.ofHours(1)));
				assertThat(registry.limiter("api").limit())
					.isEqualTo(Limit.of(Algorithm.GCRA, 2, Duration.ofMinutes(1)));
			});
	}

	@Test
	void plansWithoutAResolverFail() {
		this.runner
			.withPropertyValues("limiter.limits.api.capacity=2", "limiter.limits.api.period=1m",
					"limiter.limits.api.plans.gold.capacity=5")
			.run(failsWith("limiter.limits.api.plans", "gold", "there is none"));
	}

	@Test
	void aPlanNamedDefaultFails() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.limits.api.capacity=2", "limiter.limits.api.period=1m",
					"limiter.limits.api.plans.default.capacity=5")
			.run(failsWith("limiter.limits.api.plans.default", "default", "the limit's own capacity and period"));
	}

	@Test
	void aPlanOfAnotherAlgorithmFails() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.limits.api.capacity=2", "limiter.limits.api.period=1m",
					"limiter.limits.api.plans.gold.algorithm=fixed-window")
			.run(failsWith("limiter.limits.api.plans.gold.algorithm", "fixed-window",
					"a plan's algorithm must be the limit's, token-bucket"));
	}

	@Test
	void aBadPlanCapacityFails() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.limits.api.capacity=2", "limiter.limits.api.period=1m",
					"limiter.limits.api.plans.gold.capacity=0")
			.run(failsWith("limiter.limits.api.plans.gold.capacity", "0", "capacity must be at least 1 but was 0"));
	}

	@Test
	void zeroCapacityFails() {
		this.runner.withPropertyValues("limiter.limits.hello.capacity=0", "limiter.limits.hello.period=1s")
			.run(failsWith("limiter.limits.hello.capacity", "0", "capacity must be at least 1 but was 0"));
	}

	@Test
	void negativeCapacityFails() {
		this.runner.withPropertyValues("limiter.limits.hello.capacity=-5", "limiter.limits.hello.period=1s")
			.run(failsWith("limiter.limits.hello.capacity", "-5", "capacity must be at least 1 but was -5"));
	}

	@Test
	void missingCapacityFails() {
		this.runner.withPropertyValues("limiter.limits.hello.period=1s")
			.run(failsWith("limiter.limits.hello.capacity", "null", "capacity must be set"));
	}

	@Test
	void bindsALimitOfSeveralRates() {
		this.runner
			.withPropertyValues("limiter.limits.multi.algorithm=fixed-window", "limiter.limits.multi.rates[0].capacity=3",
					"limiter.limits.multi.rates[0].period=1s", "limiter.limits.multi.rates[1].capacity=5",
					"limiter.limits.multi.rates[1].period=10s")
			.run((context) -> assertThat(context.getBean(RateLimiterRegistry.class).limiter("multi").limit())
				.isEqualTo(Limit.builder(Algorithm.FIXED_WINDOW).rate(3, Duration.ofSeconds(1))
					.rate(5, Duration.ofSeconds(10)).build()));
	}

	@Test
	void capacityAndRatesTogetherFailNamingTheLimitAndTheField() {
		this.runner
			.withPropertyValues("limiter.limits.multi.capacity=3", "limiter.limits.multi.rates[0].capacity=3",
					"limiter.limits.multi.rates[0].period=1s")
			.run(failsWith("limiter.limits.multi.capacity", "3",
					"limit 'multi' gives capacity and rates: give either capacity and period or a list of rates"));
		this.runner
			.withPropertyValues("limiter.limits.multi.period=1s", "limiter.limits.multi.rates[0].capacity=3",
					"limiter.limits.multi.rates[0].period=1s")
			.run(failsWith("limiter.limits.multi.period", "PT1S", "limit 'multi' gives period and rates"));
	}

	@Test
	void aPlanGivesRatesOfItsOwn() {
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> "gold")
			.withPropertyValues("limiter.limits.multi.rates[0].capacity=3", "limiter.limits.multi.rates[0].period=1s",
					"limiter.limits.multi.rates[1].capacity=5", "limiter.limits.multi.rates[1].period=10s",
					"limiter.limits.multi.plans.gold.rates[0].capacity=6", "limiter.limits.multi.plans.gold.rates[0].period=1s",
					"limiter.limits.multi.plans.gold.rates[1].capacity=50", "limiter.limits.multi.plans.gold.rates[1].period=10s")
			.run((context) -> assertThat(context.getBean(RateLimiterRegistry.class).limiter("multi", "gold").limit())
				.isEqualTo(Limit.builder(Algorithm.TOKEN_BUCKET).rate(6, Duration.ofSeconds(1)).rate(50, Duration.ofSeconds(10)).build()));
		this.runner.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> "gold")
			.withPropertyValues("limiter.limits.multi.capacity=3", "limiter.limits.multi.period=1s",
					"limiter.limits.multi.plans.gold.capacity=6", "limiter.limits.multi.plans.gold.rates[0].capacity=6",
					"limiter.limits.multi.plans.gold.rates[0].period=1s")
			.run(failsWith("limiter.limits.multi.plans.gold.capacity", "6",
					"plan 'gold' of limit 'multi' gives capacity and rates"));
	}

	@Test
	void aBadRateFailsNamingItsIndexAndField() {
		this.runner
			.withPropertyValues("limiter.limits.multi.rates[0].capacity=3", "limiter.limits.multi.rates[0].period=1s",
					"limiter.limits.multi.rates[1].capacity=5")
			.run(failsWith("limiter.limits.multi.rates[1].period", "null", "period must be set"));
		this.runner
			.withPropertyValues("limiter.limits.multi.rates[0].capacity=0", "limiter.limits.multi.rates[0].period=1s")
			.run(failsWith("limiter.limits.multi.rates[0].capacity", "0", "capacity must be at least 1 but was 0"));
		this.runner
			.withPropertyValues("limiter.limits.multi.rates[0].capacity=3", "limiter.limits.multi.rates[0].period=1s",
					"limiter.limits.multi.rates[1].capacity=5", "limiter.limits.multi.rates[1].period=1000ms")
			.run(failsWith("limiter.limits.multi.rates", "3 per PT1S, 5 per PT1S",
					"rates[1].period must differ from the period of every other rate"));
	}

	@Test
	void zeroPeriodFails() {
		this.runner.withPropertyValues("limiter.limits.hello.capacity=10", "limiter.limits.hello.period=0s")
			.run(failsWith("limiter.limits.hello.period", "PT0S",
					"period must be a positive whole number of milliseconds but was PT0S"));
	}

	@Test
	void invalidLimitNameFails() {
		this.runner.withPropertyValues("limiter.limits[has space].capacity=10", "limiter.limits[has space].period=1s")
			.run(failsWith("limiter.limits.has space", "has space", "name"));
	}

	@Test
	void unknownAlgorithmFailsBindingNamingPropertyAndValue() {
		this.runner
			.withPropertyValues("limiter.limits.hello.algorithm=leaky-bucket", "limiter.limits.hello.capacity=10",
					"limiter.limits.hello.period=1s")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("leaky-bucket");
				assertThat(context.getStartupFailure()).hasStackTraceContaining("limiter.limits.hello.algorithm");
			});
	}

	@Test
	void malformedUrlFails() {
		this.runner.withPropertyValues("limiter.redis.url=http://localhost:6379")
			.run(failsWith("limiter.redis.url", "http://localhost:6379", "must start with redis:// or rediss://"));
		this.runner.withPropertyValues("limiter.redis.url=redis://localhost:notaport")
			.run(failsWith("limiter.redis.url", "redis://localhost:notaport", "is malformed"));
	}

	@Test
	void malformedNodeListFails() {
		this.runner.withPropertyValues("limiter.redis.cluster.nodes=127.0.0.1:7000,127.0.0.1")
			.run(failsWith("limiter.redis.cluster.nodes", "127.0.0.1:7000,127.0.0.1", "'127.0.0.1' is not"));
		this.runner.withPropertyValues("limiter.redis.cluster.nodes=127.0.0.1:99999")
			.run(failsWith("limiter.redis.cluster.nodes", "127.0.0.1:99999", "port from 1 to 65535"));
	}

	@Test
	void urlAndNodesTogetherFail() {
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.cluster.nodes=127.0.0.1:2")
			.run(failsWith("limiter.redis.url", "redis://127.0.0.1:1", "not both"));
	}

	@Test
	void sentinelTogetherWithUrlOrNodesFailsNamingBoth() {
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.sentinel.master=m",
				"limiter.redis.sentinel.nodes=127.0.0.1:2")
			.run(failsWith("limiter.redis.url", "redis://127.0.0.1:1", "either it or limiter.redis.sentinel.nodes"));
		this.runner.withPropertyValues("limiter.redis.cluster.nodes=127.0.0.1:1", "limiter.redis.sentinel.master=m")
			.run(failsWith("limiter.redis.cluster.nodes", "127.0.0.1:1",
					"either it or limiter.redis.sentinel.master, not both"));
	}

	@Test
	void incompleteOrMalformedSentinelSettingsFail() {
		this.runner.withPropertyValues("limiter.redis.sentinel.nodes=127.0.0.1:26379")
			.run(failsWith("limiter.redis.sentinel.master", "null", "the name the Sentinels monitor"));
		this.runner.withPropertyValues("limiter.redis.sentinel.master=my master",
				"limiter.redis.sentinel.nodes=127.0.0.1:26379")
			.run(failsWith("limiter.redis.sentinel.master", "my master", "without spaces"));
		this.runner.withPropertyValues("limiter.redis.sentinel.master=mymaster")
			.run(failsWith("limiter.redis.sentinel.nodes", "null", "comma-separated host:port"));
		this.runner.withPropertyValues("limiter.redis.sentinel.master=mymaster",
				"limiter.redis.sentinel.nodes=127.0.0.1:26379,127.0.0.1")
			.run(failsWith("limiter.redis.sentinel.nodes", "127.0.0.1:26379,127.0.0.1", "'127.0.0.1' is not"));
	}

	@Test
	void sentinelNodesTakeAListOrCommaSeparatedValuesAndBuildARedisBackend() {
		this.runner.withPropertyValues("limiter.redis.sentinel.master=mymaster",
				"limiter.redis.sentinel.nodes[0]=127.0.0.1:1", "limiter.redis.sentinel.nodes[1]=redis://127.0.0.1:2",
				"limiter.redis.startup-wait=0s")
			.run((context) -> assertThat(context).hasSingleBean(RedisBackend.class));
		this.runner.withPropertyValues("limiter.redis.sentinel.master=mymaster",
				"limiter.redis.sentinel.nodes=127.0.0.1:1, 127.0.0.1:2", "limiter.redis.startup-wait=0s")
			.run((context) -> assertThat(context).hasSingleBean(RedisBackend.class));
	}

	@Test
	void nonPositiveTimeoutFails() {
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.timeout=0ms")
			.run(failsWith("limiter.redis.timeout", "PT0S", "must be positive"));
	}

	@Test
	void batchBoundsOutOfRangeFailNamingThePropertyAndTheValue() {
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.batch.calls-in-flight=0")
			.run(failsWith("limiter.redis.batch.calls-in-flight", "0", "between 1 and 1024 but was 0"));
		this.runner.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.batch.enabled=true",
				"limiter.redis.batch.max-size=1000")
			.run(failsWith("limiter.redis.batch.max-size", "1000", "between 2 and 256 but was 1000"));
		this.runner
			.withPropertyValues("limiter.redis.url=redis://127.0.0.1:1", "limiter.redis.batch.enabled=true",
					"limiter.redis.batch.calls-in-flight=1", "limiter.redis.batch.max-size=64",
					"limiter.redis.startup-wait=0s")
			.run((context) -> assertThat(context).hasSingleBean(RedisBackend.class));
	}

	@Test
	void aRuleCostMustFitTheSmallestPlan() {
		new WebApplicationContextRunner().withConfiguration(LIMITER)
			.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.limits.api.capacity=10", "limiter.limits.api.period=1s",
					"limiter.limits.api.plans.trial.capacity=3", "limiter.filter.rules[0].limit=api",
					"limiter.filter.rules[0].cost=4")
			.run(failsWith("limiter.filter.rules[0].cost", "4", "between 1 and the capacity 3"));
	}

	@Test
	void badFilterRulesFailNamingTheRule() {
		WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(LIMITER)
			.withPropertyValues("limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s");
		web.withPropertyValues("limiter.filter.rules[0].limit=nope")
			.run(failsWith("limiter.filter.rules[0].limit", "nope", "no limit named 'nope'"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].cost=11")
			.run(failsWith("limiter.filter.rules[0].cost", "11", "between 1 and the capacity 10"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].key=getHeader('x'")
			.run(failsWith("limiter.filter.rules[0].key", "getHeader('x'", "not ip, header:<Name>, principal"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].methods=FETCH")
			.run(failsWith("limiter.filter.rules[0].methods", "FETCH", "must be one of"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].paths=/api/{*a}/b")
			.run(failsWith("limiter.filter.rules[0].paths", "/api/{*a}/b", "should be placed at the start or end of the pattern at position"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].skip-if=getHeader('x') ==")
			.run(failsWith("limiter.filter.rules[0].skip-if", "getHeader('x') ==", "not a valid SpEL expression"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].count-on=4xx,600")
			.run(failsWith("limiter.filter.rules[0].count-on", "[4xx, 600]", "'600' is not a status from 100 to 599"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].response.status=200")
			.run(failsWith("limiter.filter.rules[0].response.status", "200", "from 400 to 599"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].response.body=x",
				"limiter.filter.rules[0].response.body-writer=writer")
			.run(failsWith("limiter.filter.rules[0].response.body-writer", "writer", "not both"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello",
				"limiter.filter.rules[0].response.body-writer=absent")
			.run(failsWith("limiter.filter.rules[0].response.body-writer", "absent", "no RateLimitDenialBody bean"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello", "limiter.filter.rules[0].response.body=x",
				"limiter.filter.rules[0].response.content-type=text")
			.run(failsWith("limiter.filter.rules[0].response.content-type", "text", "text"));
		web.withPropertyValues("limiter.filter.rules[0].limit=hello",
				"limiter.filter.rules[0].response.headers.[X Bad]=1")
			.run(failsWith("limiter.filter.rules[0].response.headers.X Bad", "1", "a header needs a token"));
		web.withPropertyValues("limiter.filter.trusted-proxies=10.0.0.0/33")
			.run(failsWith("limiter.filter.trusted-proxies", "10.0.0.0/33", "prefix length"));
		web.withPropertyValues("limiter.filter.trusted-proxies=proxy.example.com")
			.run(failsWith("limiter.filter.trusted-proxies", "proxy.example.com", "not an IP address"));
	}

	@Test
	void filterOrderIsZeroByDefaultOrJustAheadOfSpringSecurity() {
		WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(LIMITER);
		web.run((context) -> assertThat(filterOrder(context)).isZero());
		web.withPropertyValues("limiter.filter.order=7").run((context) -> assertThat(filterOrder(context)).isEqualTo(7));
		web.withPropertyValues("limiter.filter.before-security=true")
			.run((context) -> assertThat(filterOrder(context)).isEqualTo(-101));
		web.withPropertyValues("limiter.filter.before-security=true", "spring.security.filter.order=-5")
			.run((context) -> assertThat(filterOrder(context)).isEqualTo(-6));
		web.withPropertyValues("limiter.filter.before-security=true", "limiter.filter.order=3")
			.run(failsWith("limiter.filter.order", "3", "either it or limiter.filter.before-security"));
	}

	private static int filterOrder(AssertableWebApplicationContext context) {
		FilterRegistrationBean<?> registration = context.getBean("limiterFilterRegistration",
				FilterRegistrationBean.class);
		return registration.getOrder();
	}

	@Test
	void badClientAddressSettingsFailNamingPropertyAndValue() {
		WebApplicationContextRunner web = new WebApplicationContextRunner().withConfiguration(LIMITER)
			.withPropertyValues("limiter.limits.hello.capacity=10", "limiter.limits.hello.period=1s");
		web.withPropertyValues("limiter.filter.client-address.header=X-Client-IP")
			.run(failsWith("limiter.filter.client-address.header", "X-Client-IP",
					"must be X-Forwarded-For, Forwarded or X-Real-IP"));
		web.withPropertyValues("limiter.filter.client-address.ipv6-prefix-length=129")
			.run(failsWith("limiter.filter.client-address.ipv6-prefix-length", "129", "between 1 and 128"));
		web.withPropertyValues("limiter.filter.client-address.header=x-real-ip",
				"limiter.filter.client-address.ipv6-prefix-length=48")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void failureAnalysisNamesPropertyValueAndReason() {
		InvalidLimiterPropertyException failure = new InvalidLimiterPropertyException("limiter.limits.hello.capacity",
				0, "capacity must be at least 1 but was 0", null);
		var analysis = new InvalidLimiterPropertyFailureAnalyzer().analyze(new IllegalStateException(failure));
		assertThat(analysis.getDescription()).contains("Property: limiter.limits.hello.capacity", "Value: 0",
				"Reason: capacity must be at least 1 but was 0");
		assertThat(analysis.getAction()).contains("limiter.limits.hello.capacity");
	}

	static <C extends ApplicationContextAssertProvider<?>> ContextConsumer<C> failsWith(String property,
			String value, String reason) {
		return (context) -> {
			Throwable failure = context.getStartupFailure();
			while (failure != null && !(failure instanceof InvalidLimiterPropertyException)) {
				failure = failure.getCause();
			}
			assertThat(failure).as("startup failure %s", context.getStartupFailure()).isNotNull();
			InvalidLimiterPropertyException invalid = (InvalidLimiterPropertyException) failure;
			assertThat(invalid.property()).isEqualTo(property);
			assertThat(invalid.value()).contains(value);
			assertThat(invalid.reason()).contains(reason);
		};
	}

}
