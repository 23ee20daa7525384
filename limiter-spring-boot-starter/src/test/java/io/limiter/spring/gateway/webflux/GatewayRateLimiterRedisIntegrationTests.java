package io.limiter.spring.gateway.webflux;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.cloud.gateway.filter.factory.RequestRateLimiterGatewayFilterFactory;
import org.springframework.cloud.gateway.filter.ratelimit.RedisRateLimiter;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway's routes on a real Redis server, beside the gateway's own {@link RedisRateLimiter} (made by the
 * gateway's Redis auto-configuration from Spring Boot's Redis connection), which stays the gateway's default: the
 * routes choose Limiter's by name.
 */
@SpringBootTest(classes = GatewayTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("gateway")
class GatewayRateLimiterRedisIntegrationTests extends GatewayRateLimiterContract {

	@Autowired
	private ApplicationContext context;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
		properties.add("limiter.redis.timeout", () -> "2s");
		properties.add("spring.data.redis.url", () -> RedisFixtures.standalone().uri());
		properties.add("spring.autoconfigure.exclude", () -> "");
	}

	@Test
	void leavesTheGatewaysRedisRateLimiterTheDefaultAndWorking() {
		assertThat(this.context.getBean(RateLimiterRegistry.class).backend()).isInstanceOf(RedisBackend.class);
		RedisRateLimiter redis = this.context.getBean(RedisRateLimiter.class);
		assertThat(this.context.getBean(RequestRateLimiterGatewayFilterFactory.class).getDefaultRateLimiter())
			.isSameAs(redis);
		// Its script refills by whole seconds of the clock: a call takes 2 of 2 tokens, so the one second two calls
		// can straddle refills 1, too few for the next.
		redis.getConfig()
			.put("direct",
					new RedisRateLimiter.Config().setReplenishRate(1).setBurstCapacity(2).setRequestedTokens(2));
		String key = newClient();
		assertThat(redis.isAllowed("direct", key).block().isAllowed()).isTrue();
		assertThat(redis.isAllowed("direct", key).block().isAllowed()).isFalse();
	}

}
