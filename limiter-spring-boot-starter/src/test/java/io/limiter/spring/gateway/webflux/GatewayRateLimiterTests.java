package io.limiter.spring.gateway.webflux;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.cloud.gateway.filter.factory.RequestRateLimiterGatewayFilterFactory;
import org.springframework.cloud.gateway.filter.ratelimit.PrincipalNameKeyResolver;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.InMemoryBackend;
import io.limiter.RateLimiterRegistry;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway's routes on the in-memory backend, where Limiter's rate limiter is the only one: the gateway's default.
 */
@SpringBootTest(classes = GatewayTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
@ActiveProfiles("gateway")
class GatewayRateLimiterTests extends GatewayRateLimiterContract {

	@Autowired
	private ApplicationContext context;

	@Test
	void isTheGatewaysDefaultRateLimiterWhenItIsTheOnlyOneAndLeavesTheDefaultKeyResolver() {
		assertThat(this.context.getBean(RateLimiterRegistry.class).backend()).isInstanceOf(InMemoryBackend.class);
		RequestRateLimiterGatewayFilterFactory filter = this.context
			.getBean(RequestRateLimiterGatewayFilterFactory.class);
		assertThat(filter.getDefaultRateLimiter()).isSameAs(this.context.getBean("limiterRateLimiter"));
		assertThat(filter.getDefaultKeyResolver()).isInstanceOf(PrincipalNameKeyResolver.class);
	}

}
