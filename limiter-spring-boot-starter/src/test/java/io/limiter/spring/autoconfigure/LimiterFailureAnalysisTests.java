package io.limiter.spring.autoconfigure;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.limiter.LimiterClock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A bad setting stops a real application with the report of {@link InvalidLimiterPropertyFailureAnalyzer}, and two
 * beans of which Limiter uses one with that of {@link AmbiguousLimiterBeanFailureAnalyzer}, both registered in
 * {@code META-INF/spring.factories}.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterFailureAnalysisTests {

	private static final String PASSWORD = "k9-Secret-Pa55";

	@Test
	void badCapacityIsReportedAtStartUp(CapturedOutput output) {
		SpringApplication application = new SpringApplication(Application.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run("--limiter.limits.hello.capacity=0",
				"--limiter.limits.hello.period=1s"));
		assertThat(output).contains("APPLICATION FAILED TO START", "Property: limiter.limits.hello.capacity",
				"Value: 0", "Reason: capacity must be at least 1 but was 0",
				"Update limiter.limits.hello.capacity in your application's configuration.");
	}

	@ParameterizedTest
	@ValueSource(strings = { "--limiter.redis.url=redis://app:" + PASSWORD + "@localhost:notaport",
			"--limiter.redis.url=redis://" + PASSWORD + "@[::1:6379", "--limiter.redis.url=app:" + PASSWORD + "@localhost:6379",
			"--limiter.redis.cluster.nodes=127.0.0.1:7000,redis://app:" + PASSWORD + "@127.0.0.1:notaport",
			"--limiter.redis.cluster.nodes=app:" + PASSWORD + "@127.0.0.1" })
	void aBadRedisUrlIsReportedWithoutItsPassword(String setting, CapturedOutput output) {
		assertReportedWithoutThePassword(output, setting);
	}

	@ParameterizedTest
	@ValueSource(strings = { "--limiter.redis.sentinel.nodes=redis://app:" + PASSWORD + "@127.0.0.1:notaport",
			"--limiter.redis.sentinel.nodes=127.0.0.1:26379,app:" + PASSWORD + "@127.0.0.1" })
	void aBadSentinelNodeIsReportedWithoutItsPassword(String setting, CapturedOutput output) {
		assertReportedWithoutThePassword(output, "--limiter.redis.sentinel.master=mymaster", setting);
	}

	@Test
	void twoBeansOfWhichLimiterUsesOneAreReportedAtStartUp(CapturedOutput output) {
		SpringApplication application = new SpringApplication(Application.class, TwoClocks.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(application::run);
		assertThat(output).contains("APPLICATION FAILED TO START",
				"Limiter uses one io.limiter.LimiterClock bean, but found 2:\n\n    wallClock\n    testClock",
				"Mark the one Limiter should use @Primary, or remove the others.");
	}

	private static void assertReportedWithoutThePassword(CapturedOutput output, String... settings) {
		SpringApplication application = new SpringApplication(Application.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		assertThatException().isThrownBy(() -> application.run(settings))
			.satisfies((failure) -> assertThat(stackTraceOf(failure)).doesNotContain(PASSWORD));
		assertThat(output).contains("APPLICATION FAILED TO START", "******").doesNotContain(PASSWORD);
	}

	private static String stackTraceOf(Throwable failure) {
		StringWriter text = new StringWriter();
		failure.printStackTrace(new PrintWriter(text));
		return text.toString();
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(LimiterAutoConfiguration.class)
	static class Application {

	}

	@Configuration(proxyBeanMethods = false)
	static class TwoClocks {

		@Bean
		LimiterClock wallClock() {
			return LimiterClock.system();
		}

		@Bean
		LimiterClock testClock() {
			return () -> 0;
		}

	}

}
