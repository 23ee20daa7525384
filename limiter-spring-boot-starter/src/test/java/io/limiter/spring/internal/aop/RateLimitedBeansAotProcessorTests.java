package io.limiter.spring.internal.aop;

import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanRegistrationAotContribution;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.beans.factory.support.RegisteredBean;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.javapoet.ClassName;

import io.limiter.spring.RateLimitExceededException;
import io.limiter.spring.RateLimited;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitedBeansAotProcessorTests {

	@Test
	void registersTheLimitedMethodItsParameterTypesAndItsFallbacks() {
		RuntimeHints hints = hintsOf(Orders.class);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "place")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "placeLater")).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(Order.class)
			.withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Orders.class, "unlimited")).rejects(hints);
	}

	@Test
	void aLimitOnTheClassCoversItsPublicMethods() {
		RuntimeHints hints = hintsOf(LimitedService.class);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(LimitedService.class, "quote"))
			.accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(LimitedService.class, "cachedQuote"))
			.accepts(hints);
	}

	@Test
	void aBeanWithoutLimitsContributesNothing() {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerBeanDefinition("plain", new RootBeanDefinition(Order.class));
		assertThat(new RateLimitedBeansAotProcessor().processAheadOfTime(RegisteredBean.of(beanFactory, "plain")))
			.isNull();
	}

	private static RuntimeHints hintsOf(Class<?> beanClass) {
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		beanFactory.registerBeanDefinition("bean", new RootBeanDefinition(beanClass));
		BeanRegistrationAotContribution contribution = new RateLimitedBeansAotProcessor()
			.processAheadOfTime(RegisteredBean.of(beanFactory, "bean"));
		assertThat(contribution).isNotNull();
		DefaultGenerationContext generationContext = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get("io.limiter.test", "Generated")), new InMemoryGeneratedFiles());
		contribution.applyTo(generationContext, null);
		return generationContext.getRuntimeHints();
	}

	record Order(String customer) {
	}

	static class Orders {

		@RateLimited(limit = "orders", key = "#order.customer", fallbackMethod = "placeLater")
		public String place(Order order) {
			return "placed";
		}

		String placeLater(Order order, RateLimitExceededException denial) {
			return "later";
		}

		public String unlimited() {
			return "free";
		}

	}

	@RateLimited(limit = "quotes", fallbackMethod = "cachedQuote")
	public static class LimitedService {

		public String quote() {
			return "fresh";
		}

		String cachedQuote() {
			return "cached";
		}

	}

}
