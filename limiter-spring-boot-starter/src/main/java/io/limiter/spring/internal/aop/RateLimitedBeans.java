package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.springframework.aop.config.AopConfigUtils;
import org.springframework.aop.framework.Advised;
import org.springframework.aop.framework.ProxyConfig;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * Fails start-up when a {@link io.limiter.spring.RateLimited} annotation of a bean cannot be enforced, rather
 * than at its first call or never: a method no proxy sees (checked as each bean is made, before a proxy of a
 * final class fails), an annotation whose limit, cost, fallback, key, condition, count settings or return type
 * is wrong (resolved by {@link RateLimitedMethods}, which the aspect then uses), no auto-proxying in the context,
 * or a bean left without the aspect. Beans made after start-up are checked and resolved as they are made.
 */
public final class RateLimitedBeans
		implements BeanPostProcessor, SmartInitializingSingleton, BeanFactoryAware, EnvironmentAware {

	private static final String AUTO_PROXYING = "spring.aop.auto";

	private static final String ASPECTJ_WEAVER = "org.aspectj.weaver.Advice";

	private final Supplier<RateLimitedMethods> methods;

	private final Map<Class<?>, List<Method>> limited = new ConcurrentHashMap<>();

	private ConfigurableListableBeanFactory beanFactory;

	private Environment environment;

	private volatile boolean started;

	/**
	 * Creates the check.
	 * @param methods the methods' limits, asked for once the singletons are made
	 */
	public RateLimitedBeans(Supplier<RateLimitedMethods> methods) {
		this.methods = SingletonSupplier.of(methods);
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
	}

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		Class<?> type = ClassUtils.getUserClass(bean);
		List<Method> methods = limitedMethods(type);
		if (!methods.isEmpty()) {
			LimitedMethods.checkInterceptable(type, methods, subclassed(type, beanName));
			if (this.started) {
				requireAutoProxying(type, methods);
				this.methods.get().resolve(type, methods);
			}
		}
		return bean;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.started = true;
		for (String name : this.beanFactory.getSingletonNames()) {
			Object bean = this.beanFactory.getSingleton(name);
			if (bean == null) {
				continue;
			}
			Class<?> type = ClassUtils.getUserClass(AopUtils.getTargetClass(bean));
			List<Method> methods = limitedMethods(type);
			if (!methods.isEmpty()) {
				LimitedMethods.checkInterceptable(type, methods, subclassed(type, name));
				requireAutoProxying(type, methods);
				this.methods.get().resolve(type, methods);
				requireAspect(name, bean, type, methods);
			}
		}
	}

	private List<Method> limitedMethods(Class<?> type) {
		return this.limited.computeIfAbsent(type, LimitedMethods::of);
	}

	/** Whether the proxy of a bean is a subclass of its class, as Spring's auto-proxy creators decide. */
	private boolean subclassed(Class<?> type, String beanName) {
		if (ClassUtils.getAllInterfacesForClass(type).length == 0
				|| !this.beanFactory.containsBean(AopConfigUtils.AUTO_PROXY_CREATOR_BEAN_NAME)) {
			return true;
		}
		return this.beanFactory.getBean(AopConfigUtils.AUTO_PROXY_CREATOR_BEAN_NAME, ProxyConfig.class)
			.isProxyTargetClass() || AutoProxyUtils.shouldProxyTargetClass(this.beanFactory, beanName);
	}

	private void requireAutoProxying(Class<?> type, List<Method> methods) {
		if (this.beanFactory.containsBean(AopConfigUtils.AUTO_PROXY_CREATOR_BEAN_NAME)) {
			return;
		}
		AnnotationSite site = LimitedMethods.site(type, methods.get(0));
		if (!this.environment.getProperty(AUTO_PROXYING, Boolean.class, true)) {
			throw site.unenforced("Spring AOP's auto-proxying is off (" + AUTO_PROXYING + "=false), so no proxy "
					+ "applies the limit", "Remove " + AUTO_PROXYING + "=false, or turn auto-proxying on with "
							+ "@EnableAspectJAutoProxy.");
		}
		if (!ClassUtils.isPresent(ASPECTJ_WEAVER, this.beanFactory.getBeanClassLoader())) {
			throw site.unenforced("the context has no auto-proxy creator, so no proxy applies the limit: without "
					+ "AspectJ's weaver (" + ASPECTJ_WEAVER + ") Spring Boot makes one only when "
					+ "spring.aop.proxy-target-class is true", "Add org.aspectj:aspectjweaver (Spring Boot's "
							+ "spring-boot-starter-aspectj), or remove spring.aop.proxy-target-class=false.");
		}
		throw site.unenforced("the context has no auto-proxy creator, so no proxy applies the limit",
				"Apply Spring Boot's AopAutoConfiguration, or turn auto-proxying on with @EnableAspectJAutoProxy.");
	}

	private static void requireAspect(String name, Object bean, Class<?> type, List<Method> methods) {
		if (bean instanceof Advised advised
				&& Arrays.stream(advised.getAdvisors()).anyMatch(RateLimitedAspect.class::isInstance)) {
			return;
		}
		throw LimitedMethods.site(type, methods.get(0)).unenforced("bean '" + name + "' is not proxied with the "
				+ "@RateLimited aspect, so the limit would never apply: it was made before the auto-proxy creator "
				+ "could apply the aspect (as a dependency of a BeanPostProcessor, for instance), or registered "
				+ "as an object", "Keep bean '" + name + "' out of the dependencies of BeanPostProcessors, and let "
						+ "the context make it.");
	}

}
