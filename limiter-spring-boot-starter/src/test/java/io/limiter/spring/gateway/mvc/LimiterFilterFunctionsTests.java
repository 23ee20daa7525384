package io.limiter.spring.gateway.mvc;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.testapp.TestApplication;

/**
 * {@link GatewayMvcContract} on the in-memory backend.
 */
@SpringBootTest(classes = { TestApplication.class, GatewayMvcRoutes.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("gateway-mvc")
class LimiterFilterFunctionsTests extends GatewayMvcContract {

	@Override
	Class<? extends LimiterBackend> backend() {
		return InMemoryBackend.class;
	}

}
