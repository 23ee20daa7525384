package io.limiter.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns an {@link AmbiguousLimiterBeanException} into a start-up report naming the type, the candidate beans and how
 * to choose one.
 */
class AmbiguousLimiterBeanFailureAnalyzer extends AbstractFailureAnalyzer<AmbiguousLimiterBeanException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AmbiguousLimiterBeanException cause) {
		String description = "Limiter uses one " + cause.type() + " bean, but found " + cause.beanNames().size()
				+ ":\n\n    " + String.join("\n    ", cause.beanNames());
		String action = "Mark the one Limiter should use @Primary, or remove the others.";
		return new FailureAnalysis(description, action, cause);
	}

}
