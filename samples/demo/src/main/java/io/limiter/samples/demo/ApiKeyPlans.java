package io.limiter.samples.demo;

import org.springframework.stereotype.Component;

import io.limiter.spring.LimitPlanResolver;

/**
 * Puts API keys that start with {@code gold-} on the plan {@code gold} of every limit that has it ({@code plan}: 5
 * per 10 s), and every other key on the limit's own numbers (2 per 10 s). A real service would look the customer's
 * plan up in memory here, since the resolver is asked on every decision.
 */
@Component
class ApiKeyPlans implements LimitPlanResolver {

	@Override
	public String plan(String limit, String key, Object request) {
		return key.startsWith("gold-") ? "gold" : DEFAULT_PLAN;
	}

}
