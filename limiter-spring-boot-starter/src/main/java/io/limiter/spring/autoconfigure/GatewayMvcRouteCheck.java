package io.limiter.spring.autoconfigure;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.handler.IgnoreTopLevelConverterNotFoundBindHandler;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.cloud.gateway.server.mvc.config.FilterProperties;
import org.springframework.cloud.gateway.server.mvc.config.GatewayMvcProperties;
import org.springframework.cloud.gateway.server.mvc.config.NormalizedOperationMethod;
import org.springframework.cloud.gateway.server.mvc.config.RouteProperties;
import org.springframework.cloud.gateway.server.mvc.invoke.reflect.DefaultOperationMethod;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.convert.ConversionService;
import org.springframework.core.env.Environment;

import io.limiter.spring.gateway.mvc.LimiterFilterFunctions;
import io.limiter.spring.gateway.mvc.LimiterFilterFunctions.RateLimitConfig;
import io.limiter.spring.internal.gateway.mvc.GatewayMvcLimiting;
import io.limiter.spring.internal.gateway.mvc.MadeRouteFilters;
import io.limiter.spring.internal.gateway.mvc.RouteRateLimitFilter;

/**
 * Checks the {@code LimiterRateLimit} filters of the gateway's properties routes at start-up, so that a bad setting
 * is reported by the route's id, its property and the value: the settings before any bean is made (the gateway makes
 * a route's filters without telling them the route), and once the limits exist the limit of each route as its first
 * request makes it ({@link GatewayRouteLimits}): the configured limit it names with the cost of a request within its
 * capacity, or its own limit, made now. The filter functions of Java routes, made while the singletons are
 * ({@link MadeRouteFilters}), have the configured limit they name checked then too, with the cost of a request.
 */
final class GatewayMvcRouteCheck
		implements BeanFactoryPostProcessor, SmartInitializingSingleton, DisposableBean, EnvironmentAware {

	/** How a failure names a Java route, whose id its filter function is not told. */
	private static final String JAVA_ROUTE = "a Java route of the gateway";

	private Environment environment;

	private ConfigurableListableBeanFactory beanFactory;

	private List<RouteFilter> filters = List.of();

	private MadeRouteFilters javaRouteFilters;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		this.beanFactory = beanFactory;
		this.javaRouteFilters = MadeRouteFilters.collect();
		ConversionService conversions = (beanFactory.getConversionService() != null)
				? beanFactory.getConversionService() : ApplicationConversionService.getSharedInstance();
		List<RouteFilter> found = new ArrayList<>();
		GatewayMvcProperties gateway = Binder.get(this.environment)
			.bindOrCreate(GatewayMvcProperties.PREFIX, GatewayMvcProperties.class);
		for (int i = 0; i < gateway.getRoutes().size(); i++) {
			RouteProperties route = gateway.getRoutes().get(i);
			found.addAll(filters(route.getId(), GatewayMvcProperties.PREFIX + ".routes[" + i + "]", route, conversions));
		}
		gateway.getRoutesMap().forEach((key, route) -> found.addAll(filters((route.getId() != null) ? route.getId() : key,
				GatewayMvcProperties.PREFIX + ".routes-map." + key, route, conversions)));
		this.filters = found;
	}

	private static List<RouteFilter> filters(String id, String property, RouteProperties route,
			ConversionService conversions) {
		List<RouteFilter> found = new ArrayList<>();
		for (int j = 0; j < route.getFilters().size(); j++) {
			FilterProperties filter = route.getFilters().get(j);
			if (LimiterFilterFunctions.FILTER_NAME.equalsIgnoreCase(filter.getName())) {
				String args = property + ".filters[" + j + "].args";
				RouteFilter checked = new RouteFilter(id, args, filter.getArgs(), check(id, args, filter, conversions));
				found.add(checked);
			}
		}
		return found;
	}

	/**
	 * Binds the filter's arguments as the gateway does, shortcut included, then as the route's limit settings, which
	 * also hold what a route cannot set (plans), so that it is refused by name; and checks them.
	 */
	private static GatewayLimitSettings check(String id, String args, FilterProperties filter,
			ConversionService conversions) {
		try {
			Method method = LimiterFilterFunctions.class.getMethod("limiterRateLimit", RateLimitConfig.class);
			Map<String, Object> normalized = new NormalizedOperationMethod(new DefaultOperationMethod(method),
					new LinkedHashMap<>(filter.getArgs())).getNormalizedArgs();
			Binder binder = new Binder(List.of(new MapConfigurationPropertySource(normalized)), null, conversions);
			binder.bindOrCreate("", Bindable.of(RateLimitConfig.class), new IgnoreTopLevelConverterNotFoundBindHandler());
			GatewayLimitSettings settings = binder.bindOrCreate("", Bindable.of(GatewayLimitSettings.class),
					new IgnoreTopLevelConverterNotFoundBindHandler());
			settings.check(LimiterFilterFunctions.FILTER_NAME, "route '" + id + "'");
			return settings;
		}
		catch (NoSuchMethodException ex) {
			throw new IllegalStateException(ex);
		}
		catch (BindException ex) {
			boolean refusedBySetter = NestedExceptionUtils
				.getMostSpecificCause(ex) instanceof InvalidLimiterPropertyException;
			throw invalid(args, filter.getArgs(), id, refusedBySetter ? ex
					: GatewayRouteLimits.unbindable(LimiterFilterFunctions.FILTER_NAME + "." + ex.getName(), id, ex));
		}
		catch (RuntimeException ex) {
			throw invalid(args, filter.getArgs(), id, ex);
		}
	}

	/** Reports a filter's failure under its property, with the route and the setting and value the failure names. */
	private static InvalidLimiterPropertyException invalid(String property, Map<String, String> args, String id,
			RuntimeException failure) {
		Throwable cause = failure;
		while (cause.getCause() != null && !(cause instanceof IllegalArgumentException)
				&& !(cause instanceof InvalidLimiterPropertyException)) {
			cause = cause.getCause();
		}
		String route = "route '" + id + "'";
		String reason = route + ": " + cause.getMessage();
		if (cause instanceof InvalidLimiterPropertyException invalid) {
			reason = invalid.property().endsWith(GatewayLimitSettings.on(route)) ? invalid.getMessage()
					: new InvalidLimiterPropertyException(invalid.property() + GatewayLimitSettings.on(route),
							invalid.value(), invalid.reason(), null).getMessage();
		}
		return new InvalidLimiterPropertyException(property, args, reason, failure);
	}

	@Override
	public void afterSingletonsInstantiated() {
		List<RouteRateLimitFilter> made = this.javaRouteFilters.finish();
		GatewayMvcLimiting limiting = this.beanFactory.getBeanProvider(GatewayMvcLimiting.class).getIfAvailable();
		if (limiting == null) {
			return;
		}
		for (RouteFilter filter : this.filters) {
			try {
				limiting.routes().limit(filter.id(), filter.config());
			}
			catch (RuntimeException ex) {
				throw invalid(filter.property(), filter.args(), filter.id(), ex);
			}
		}
		for (RouteRateLimitFilter filter : made) {
			filter.checkNamedLimit(limiting, JAVA_ROUTE);
		}
	}

	/** Stops collecting filter functions when the refresh failed before the singletons were made. */
	@Override
	public void destroy() {
		if (this.javaRouteFilters != null) {
			this.javaRouteFilters.finish();
		}
	}

	/** A {@code LimiterRateLimit} filter of a properties route. */
	private record RouteFilter(String id, String property, Map<String, String> args, GatewayLimitSettings config) {
	}

}
