package io.limiter.spring.autoconfigure;

import java.util.function.Supplier;

import org.springframework.beans.factory.NoUniqueBeanDefinitionException;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Takes the one bean of a type that Limiter uses, chosen as Spring chooses for an injection point: the only
 * candidate, else the {@code @Primary} one. Where several remain, start-up fails naming them all, rather than Limiter
 * going on without any (as {@link ObjectProvider#getIfUnique()} would, silently).
 */
final class SingleCandidate {

	private SingleCandidate() {
	}

	/**
	 * Returns the bean Limiter uses.
	 * @param <T> the type
	 * @param provider the beans of the type
	 * @param type the type, for the message
	 * @return the bean, or {@code null} when there is none
	 * @throws AmbiguousLimiterBeanException naming the candidates when several remain
	 */
	static <T> T of(ObjectProvider<T> provider, Class<T> type) {
		try {
			return provider.getIfAvailable();
		}
		catch (NoUniqueBeanDefinitionException ex) {
			throw new AmbiguousLimiterBeanException(type, ex.getBeanNamesFound());
		}
	}

	/**
	 * Returns the bean Limiter uses, or a default when there is none.
	 * @param <T> the type
	 * @param provider the beans of the type
	 * @param type the type, for the message
	 * @param none the default
	 * @return the bean or the default
	 * @throws AmbiguousLimiterBeanException naming the candidates when several remain
	 */
	static <T> T of(ObjectProvider<T> provider, Class<T> type, Supplier<T> none) {
		T bean = of(provider, type);
		return (bean != null) ? bean : none.get();
	}

}
