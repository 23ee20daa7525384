package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.reactive.ReactiveOutcomeController;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

/**
 * {@link FilterRuleContract} for the WebFlux filter, on Netty.
 */
@SpringBootTest(classes = { ReactiveTestApplication.class, RuleBeans.class, ReactiveOutcomeController.class },
		webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("reactive-rules")
class FilterRuleWebFluxTests extends FilterRuleContract {

	@Override
	Class<? extends LimiterBackend> backend() {
		return InMemoryBackend.class;
	}

}
