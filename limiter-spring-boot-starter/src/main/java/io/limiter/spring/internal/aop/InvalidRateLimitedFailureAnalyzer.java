package io.limiter.spring.internal.aop;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link InvalidRateLimitedException} into a start-up report naming the method, the annotation, the
 * attribute and its value.
 */
class InvalidRateLimitedFailureAnalyzer extends AbstractFailureAnalyzer<InvalidRateLimitedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidRateLimitedException cause) {
		StringBuilder description = new StringBuilder("@RateLimited cannot be enforced:\n\n    Method: ")
			.append(cause.method())
			.append("\n    Annotation: ")
			.append(cause.annotation());
		if (cause.attribute() != null) {
			description.append("\n    Attribute: ").append(cause.attribute());
			description.append("\n    Value: ").append(cause.value());
		}
		description.append("\n    Reason: ").append(cause.reason());
		return new FailureAnalysis(description.toString(), cause.action(), cause);
	}

}
