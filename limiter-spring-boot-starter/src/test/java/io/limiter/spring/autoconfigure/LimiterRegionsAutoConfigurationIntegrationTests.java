package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RegionalBackend;
import io.limiter.spring.internal.actuate.LimitersDescriptors.GlobalDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.KeyStateDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitersDescriptor;
import io.limiter.spring.internal.actuate.LimitersEndpoint;
import io.limiter.testsupport.RedisServerProcess;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code limiter.regions.*} on real servers, a home and a region: the {@link RegionalBackend} they make, a global
 * limit's budget held at the home and a regional one's in the region only, the loans in the metrics, the health and
 * the endpoint, and the settings start-up refuses, each by its property.
 */
class LimiterRegionsAutoConfigurationIntegrationTests {

	private static RedisServerProcess home;

	private static RedisServerProcess region;

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterHealthAutoConfiguration.class,
				LimiterMetricsAutoConfiguration.class, LimiterEndpointAutoConfiguration.class))
		.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
		.withPropertyValues("limiter.namespace=orders", "management.endpoints.web.exposure.include=limiters",
				"limiter.limits.api.capacity=100", "limiter.limits.api.period=1m", "limiter.limits.api.global=true",
				"limiter.limits.login.capacity=3", "limiter.limits.login.period=1h");

	@BeforeAll
	static void startServers() {
		home = RedisServerProcess.start();
		region = RedisServerProcess.start();
	}

	@AfterAll
	static void stopServers() {
		home.close();
		region.close();
	}

	private ApplicationContextRunner inRegion() {
		return this.runner.withPropertyValues("limiter.regions.region=eu-west", "limiter.redis.url=" + region.uri(),
				"limiter.regions.home.url=" + home.uri());
	}

	@Test
	void aGlobalLimitBorrowsItsBudgetFromTheHomeAndARegionalOneStaysInTheRegion() {
		String key = UUID.randomUUID().toString();
		inRegion().run((context) -> {
			assertThat(context).hasSingleBean(RegionalBackend.class);
			RegionalBackend backend = context.getBean(RegionalBackend.class);
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
			RateLimiter api = registry.limiter("api");
			assertThat(api.tryAcquire(key).isAllowed()).isTrue();
			assertThat(registry.limiter("login").tryAcquire(key, 3).isAllowed()).isTrue();
			assertThat(registry.limiter("login").tryAcquire(key).isAllowed()).isFalse();
			assertThat(keys(home)).as("the home holds the global limit's budget and loans, nothing regional")
				.contains("limiter:orders:{api:" + key + "}:tb", "limiter:orders:{api:" + key + "}:g:loans")
				.noneMatch((k) -> k.contains("login"));
			assertThat(keys(region)).as("the region holds the pool and the regional limit")
				.anyMatch((k) -> k.contains("api") && k.contains(key) && k.endsWith(":pool"))
				.anyMatch((k) -> k.contains("login") && k.contains(key));
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get("limiter.regions.loans").tag("limit", "api").tag("outcome", "lent").counter().count())
				.isGreaterThanOrEqualTo(1);
			assertThat(meters.get("limiter.regions.loaned").tag("limit", "api").counter().count())
				.as("the loan ceiling of 100 x 0.2").isBetween(1.0, 20.0);
			Health health = context.getBean("limiterHealthIndicator", HealthIndicator.class).health();
			assertThat(health.getStatus()).as(health.getDetails().toString()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("backend", "regional")
				.containsEntry("region", "eu-west")
				.containsEntry("homeConnected", true);
			LimitersEndpoint endpoint = context.getBean(LimitersEndpoint.class);
			LimitersDescriptor limits = endpoint.limiters();
			assertThat(limits.backend()).isEqualTo("RegionalBackend");
			assertThat(limits.limits().get("api").global()).isTrue();
			assertThat(limits.limits().get("login").global()).isFalse();
			KeyStateDescriptor state = (KeyStateDescriptor) endpoint.keyState("api", new String[] { key });
			GlobalDescriptor global = state.global();
			assertThat(global.region()).isEqualTo("eu-west");
			assertThat(global.homeReachable()).isTrue();
			assertThat(global.loanCeiling()).isEqualTo(20);
			assertThat(global.loans()).containsKey("eu-west");
			long lent = global.loans().get("eu-west").permits();
			assertThat(global.homeRemaining() + lent)
				.as("what the home holds and what it lent: the capacity, less at most the permit spent until it refills")
				.isBetween(99L, 100L);
			assertThat(global.pool().permits()).as("the pool holds what was lent less the permit spent")
				.isEqualTo(lent - 1);
			assertThat(((KeyStateDescriptor) endpoint.keyState("login", new String[] { key })).global()).isNull();
		});
	}

	@Test
	void aGlobalLimitNeedsARegion() {
		this.runner.withPropertyValues("limiter.redis.url=" + region.uri())
			.run(failsWith("limiter.limits.api.global", "true", "limiter.regions.region is not set"));
	}

	@Test
	void aRegionNeedsAHome() {
		this.runner.withPropertyValues("limiter.regions.region=eu-west", "limiter.redis.url=" + region.uri())
			.run(failsWith("limiter.regions.region", "eu-west", "set limiter.regions.home.url"));
	}

	@Test
	void aRegionNeedsItsOwnRedis() {
		this.runner.withPropertyValues("limiter.regions.region=eu-west", "limiter.regions.home.url=" + home.uri())
			.run(failsWith("limiter.regions.region", "eu-west", "a region decides in its own Redis"));
	}

	@Test
	void aRegionNameIsChecked() {
		inRegion().withPropertyValues("limiter.regions.region=EU West")
			.run(failsWith("limiter.regions.region", "EU West", "lower-case letters"));
	}

	@Test
	void theHomeIsOneTopology() {
		inRegion().withPropertyValues("limiter.regions.home.cluster.nodes=127.0.0.1:7000")
			.run(failsWith("limiter.regions.home.url", home.uri(), "not both"));
	}

	@Test
	void aGlobalLimitIsATokenBucketOrGcraOfOneRate() {
		inRegion().withPropertyValues("limiter.limits.api.algorithm=sliding-window-log")
			.run(failsWith("limiter.limits.api.global", "true",
					"a global limit needs token-bucket or gcra of one rate, but 'api' is sliding-window-log"));
	}

	@Test
	void loanSharesAreChecked() {
		inRegion().withPropertyValues("limiter.regions.max-loan-share=1.5")
			.run(failsWith("limiter.regions.max-loan-share", "1.5", "1.5"));
		inRegion().withPropertyValues("limiter.limits.api.max-loan-share=0")
			.run(failsWith("limiter.limits.api.max-loan-share", "0", "0"));
		inRegion().withPropertyValues("limiter.limits.login.max-loan-share=0.5")
			.run(failsWith("limiter.limits.login.max-loan-share", "0.5", "set limiter.limits.login.global to true"));
	}

	private static List<String> keys(RedisServerProcess server) {
		Object reply = server.command("KEYS", "*");
		return ((List<?>) reply).stream().map(String::valueOf).toList();
	}

}
