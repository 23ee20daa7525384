package io.limiter.samples.demo;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/plan}, limited per {@code X-Api-Key} by the limit {@code plan}, whose plan per key
 * {@link ApiKeyPlans} chooses.
 */
@RestController
class PlanController {

	@GetMapping("/api/plan")
	String plan() {
		return "Hello, API client!\n";
	}

}
