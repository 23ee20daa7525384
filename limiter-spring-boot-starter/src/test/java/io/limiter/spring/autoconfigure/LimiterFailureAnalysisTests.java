package io.limiter.spring.autoconfigure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * A bad setting stops a real application with the report of {@link InvalidLimiterPropertyFailureAnalyzer},
 * registered in {@code META-INF/spring.factories}.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterFailureAnalysisTests {

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

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration(LimiterAutoConfiguration.class)
	static class Application {

	}

}
