package io.limiter.spring.internal.gateway.mvc;

import org.junit.jupiter.api.Test;

import io.limiter.spring.autoconfigure.GatewayLimitSettings;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The filter functions made while a refresh collects them belong to that refresh alone.
 */
class MadeRouteFiltersTests {

	@Test
	void collectsOnlyTheFiltersMadeWhileCollecting() {
		RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		MadeRouteFilters collecting = MadeRouteFilters.collect();
		RouteRateLimitFilter made = RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		assertThat(collecting.finish()).containsExactly(made);
		RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		assertThat(collecting.finish()).containsExactly(made);
	}

	@Test
	void aRefreshWithinAnotherCollectsItsOwn() {
		MadeRouteFilters outer = MadeRouteFilters.collect();
		RouteRateLimitFilter first = RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		MadeRouteFilters inner = MadeRouteFilters.collect();
		RouteRateLimitFilter nested = RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		assertThat(inner.finish()).containsExactly(nested);
		RouteRateLimitFilter last = RouteRateLimitFilter.of(new GatewayLimitSettings(), null);
		assertThat(outer.finish()).containsExactly(first, last);
	}

}
