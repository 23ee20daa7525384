package io.limiter.spring.internal;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.expression.BeanFactoryResolver;
import org.springframework.expression.BeanResolver;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.spel.SpelEvaluationException;
import org.springframework.expression.spel.SpelMessage;
import org.springframework.expression.spel.support.DataBindingMethodResolver;
import org.springframework.expression.spel.support.DataBindingPropertyAccessor;
import org.springframework.expression.spel.support.StandardEvaluationContext;

/**
 * Makes the evaluation contexts of the SpEL keys and conditions of filter rules and {@code @RateLimited}, with the
 * application's beans reachable as {@code @name} (such as {@code @userService.plan(#root)}).
 * <p>
 * A request's expressions come from the configuration, yet they read a request a stranger sent, so they get no
 * more than reading: properties and instance methods of the request and of beans, no writes, no types
 * ({@code T(...)}, constructors), no methods of {@code Class}. A method's expressions are code beside the method
 * and keep the full language.
 */
public final class ExpressionContexts {

	private final BeanResolver beans;

	/**
	 * Creates the contexts' maker.
	 * @param beanFactory where {@code @name} finds beans, or {@code null} for none
	 */
	public ExpressionContexts(BeanFactory beanFactory) {
		this.beans = (beanFactory != null) ? new BeanFactoryResolver(beanFactory) : null;
	}

	/**
	 * Returns a context whose root object is a request.
	 * @param request the request
	 * @return a new context
	 */
	public EvaluationContext forRequest(Object request) {
		StandardEvaluationContext context = withBeans(new StandardEvaluationContext(request));
		context.setPropertyAccessors(List.of(DataBindingPropertyAccessor.forReadOnlyAccess()));
		context.setMethodResolvers(List.of(DataBindingMethodResolver.forInstanceMethodInvocation()));
		context.setConstructorResolvers(List.of());
		context.setTypeLocator((typeName) -> {
			throw new SpelEvaluationException(SpelMessage.TYPE_NOT_FOUND, typeName);
		});
		return context;
	}

	/**
	 * Makes the beans reachable from a context.
	 * @param <C> the type of the context
	 * @param context the context
	 * @return the context
	 */
	public <C extends StandardEvaluationContext> C withBeans(C context) {
		if (this.beans != null) {
			context.setBeanResolver(this.beans);
		}
		return context;
	}

}
