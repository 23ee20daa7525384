package io.limiter.spring.gateway.webflux;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.internal.actuate.LimitersDescriptors.KeyStateDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitDescriptor;
import io.limiter.spring.internal.actuate.LimitersEndpoint;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code limiters} endpoint of a gateway on WebFlux lists the routes' own limits ({@code route.<route id>}) beside
 * the configured ones, and reads and adjusts their keys.
 */
@Tag("gateway-webflux")
@SpringBootTest(classes = GatewayTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = "management.endpoints.web.exposure.include=limiters")
@ActiveProfiles("gateway")
class GatewayRouteOwnLimitsEndpointTests {

	private static final String[] KEY = { "203.0.113.9" };

	@Autowired
	private LimitersEndpoint endpoint;

	@Test
	void listsTheRoutesOwnLimitsBesideTheConfiguredOnes() {
		LimitDescriptor inline = this.endpoint.limiters().limits().get("route.inline");
		assertThat(inline).isNotNull();
		assertThat(inline.algorithm()).isEqualTo("gcra");
		assertThat(inline.capacity()).isEqualTo(2);
		assertThat(inline.period()).isEqualTo("PT1H");
		assertThat(inline.failurePolicy()).isEqualTo("local-fallback");
		assertThat(this.endpoint.limiters().limits()).containsKeys("gw-named", "route.inline-rates",
				"route.by-address", "route.fallback");
	}

	@Test
	void readsAndAdjustsAKeyOfARoutesOwnLimit() {
		assertThat(this.endpoint.keyState("route.inline", KEY)).isInstanceOfSatisfying(KeyStateDescriptor.class,
				(state) -> assertThat(state.remaining()).isEqualTo(2));
		assertThat(this.endpoint.adjust("route.inline", KEY, "penalty", 1L).getStatus()).isEqualTo(200);
		assertThat(this.endpoint.keyState("route.inline", KEY)).isInstanceOfSatisfying(KeyStateDescriptor.class,
				(state) -> assertThat(state.remaining()).isEqualTo(1));
		assertThat(this.endpoint.reset("route.inline", KEY).getStatus()).isEqualTo(200);
		assertThat(this.endpoint.keyState("route.inline", KEY)).isInstanceOfSatisfying(KeyStateDescriptor.class,
				(state) -> assertThat(state.remaining()).isEqualTo(2));
	}

	@Test
	void aRouteWithoutALimitOfItsOwnHasNone() {
		assertThat(this.endpoint.keyState("route.named", KEY)).isNull();
	}

}
