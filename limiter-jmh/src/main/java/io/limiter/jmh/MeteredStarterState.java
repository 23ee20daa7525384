package io.limiter.jmh;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration;
import io.limiter.spring.autoconfigure.LimiterMetricsAutoConfiguration;

/**
 * Our in-memory token bucket as the starter builds it in an application with a {@link MeterRegistry}: the limit
 * configured by properties, the backend auto-configured, every decision metered by the starter's Micrometer
 * observer. Beside {@code inMemory} it shows what the meters cost a decision.
 */
@State(Scope.Benchmark)
public class MeteredStarterState {

	/** The name of the limit. */
	static final String LIMIT_NAME = "metered";

	RateLimiter limiter;

	MeterRegistry meters;

	private AnnotationConfigApplicationContext context;

	/**
	 * Starts the application context and takes its limiter.
	 * @param params the limit
	 */
	@Setup(Level.Trial)
	public void open(LimitParams params) {
		this.context = new AnnotationConfigApplicationContext();
		this.context.getEnvironment()
			.getPropertySources()
			.addFirst(StarterLimit.tokenBucket(LIMIT_NAME, params.limit));
		this.context.register(MeteredApplication.class);
		this.context.refresh();
		this.limiter = this.context.getBean(RateLimiterRegistry.class).limiter(LIMIT_NAME);
		this.meters = this.context.getBean(MeterRegistry.class);
	}

	/**
	 * Closes the application context.
	 */
	@TearDown(Level.Trial)
	public void close() {
		this.context.close();
	}

	/** The application: Limiter's auto-configuration and a meter registry. */
	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ LimiterMetricsAutoConfiguration.class, LimiterAutoConfiguration.class })
	static class MeteredApplication {

		@Bean
		MeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}
