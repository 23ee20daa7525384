package io.limiter.spring;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.InMemoryBackend;
import io.limiter.LimiterBackend;
import io.limiter.spring.testapp.Gate;
import io.limiter.spring.testapp.HeldController;
import io.limiter.spring.testapp.TestApplication;

/**
 * {@link ConcurrencyRuleContract} for the servlet filter, on Tomcat, in memory.
 */
@SpringBootTest(classes = { TestApplication.class, HeldController.class }, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("held")
class ConcurrencyRuleServletTests extends ConcurrencyRuleContract {

	@Autowired
	private HeldController controller;

	@Override
	Class<? extends LimiterBackend> backend() {
		return InMemoryBackend.class;
	}

	@Override
	Gate gate() {
		return this.controller.gate();
	}

}
