package io.limiter.spring.autoconfigure;

import java.util.Arrays;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.cloud.gateway.filter.factory.RequestRateLimiterGatewayFilterFactory;
import org.springframework.cloud.gateway.filter.ratelimit.RateLimiter;

/**
 * Says at start-up, once, when the gateway's {@code RequestRateLimiter} filter took another {@code RateLimiter} than
 * Limiter's as the default of the routes that name none, and how a route chooses Limiter's. It reads what the filter
 * took, so it is true whatever registered the other bean and whenever.
 */
final class GatewayDefaultRateLimiterReport implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(GatewayDefaultRateLimiterReport.class);

	private final ConfigurableListableBeanFactory beans;

	GatewayDefaultRateLimiterReport(ConfigurableListableBeanFactory beans) {
		this.beans = beans;
	}

	@Override
	public void afterSingletonsInstantiated() {
		RequestRateLimiterGatewayFilterFactory filter = this.beans
			.getBeanProvider(RequestRateLimiterGatewayFilterFactory.class)
			.getIfUnique();
		if (filter == null || filter.getDefaultRateLimiter() == null
				|| !this.beans.containsBean(LimiterGatewayAutoConfiguration.RATE_LIMITER_BEAN_NAME)) {
			return;
		}
		RateLimiter<?> chosen = filter.getDefaultRateLimiter();
		if (chosen != this.beans.getBean(LimiterGatewayAutoConfiguration.RATE_LIMITER_BEAN_NAME)) {
			logger.info("Limiter's gateway RateLimiter '" + LimiterGatewayAutoConfiguration.RATE_LIMITER_BEAN_NAME
					+ "' is not the gateway's default, which is " + nameOf(chosen)
					+ ": a route chooses it with the RequestRateLimiter argument rate-limiter: \"#{@"
					+ LimiterGatewayAutoConfiguration.RATE_LIMITER_BEAN_NAME + "}\"");
		}
	}

	private String nameOf(RateLimiter<?> rateLimiter) {
		return Arrays.stream(this.beans.getBeanNamesForType(RateLimiter.class, true, false))
			.filter((name) -> this.beans.getSingleton(name) == rateLimiter)
			.findFirst()
			.map((name) -> "'" + name + "'")
			.orElseGet(() -> "a " + rateLimiter.getClass().getName());
	}

}
