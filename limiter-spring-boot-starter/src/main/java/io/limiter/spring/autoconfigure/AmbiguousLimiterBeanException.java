package io.limiter.spring.autoconfigure;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown at start-up when the application has several beans of a type of which Limiter uses one, and none of them is
 * {@code @Primary}.
 */
final class AmbiguousLimiterBeanException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String type;

	private final List<String> beanNames;

	AmbiguousLimiterBeanException(Class<?> type, Collection<String> beanNames) {
		super("Limiter uses one " + type.getName() + " bean, but found " + beanNames.size() + ": "
				+ quoted(beanNames) + ". Mark the one Limiter should use @Primary, or remove the others");
		this.type = type.getName();
		this.beanNames = List.copyOf(beanNames);
	}

	/** {@return the type of which Limiter uses one bean} */
	String type() {
		return this.type;
	}

	/** {@return the names of the candidates} */
	List<String> beanNames() {
		return this.beanNames;
	}

	private static String quoted(Collection<String> names) {
		return names.stream().map((name) -> "'" + name + "'").collect(Collectors.joining(", "));
	}

}
