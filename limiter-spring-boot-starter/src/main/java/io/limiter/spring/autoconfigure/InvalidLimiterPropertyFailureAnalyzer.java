package io.limiter.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link InvalidLimiterPropertyException} into a start-up report naming the property, its value and
 * what is accepted.
 */
class InvalidLimiterPropertyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidLimiterPropertyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidLimiterPropertyException cause) {
		String description = "Invalid Limiter setting:\n\n    Property: " + cause.property() + "\n    Value: "
				+ cause.value() + "\n    Reason: " + cause.reason();
		String action = "Update " + cause.property() + " in your application's configuration.";
		return new FailureAnalysis(description, action, cause);
	}

}
