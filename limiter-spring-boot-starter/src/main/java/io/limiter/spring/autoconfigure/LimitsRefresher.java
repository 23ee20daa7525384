package io.limiter.spring.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.core.env.Environment;

import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;

/**
 * Applies the changed numbers of the configured limits and plans in the Environment to the
 * {@link RateLimiterRegistry}, each key keeping its state. It binds a fresh copy of {@code limiter.*}, never the
 * {@link LimiterProperties} bean (which Spring Cloud rebinds in place, bad values and all), checks it as start-up
 * does, and changes every limit and plan whose numbers differ from the running ones as one batch
 * ({@link RateLimiterRegistry#update(Map)}), or none: a bad change is refused whole and logged with its reason. It
 * logs the changed properties that only a restart applies. One refresh at a time, on the caller's thread.
 */
final class LimitsRefresher {

	private static final Log logger = LogFactory.getLog(LimitsRefresher.class);

	private final Environment environment;

	private final RateLimiterRegistry registry;

	private final boolean planResolverPresent;

	private final LimiterPropertyChanges changes;

	/**
	 * Creates a refresher of the limits that the Environment has now.
	 * @param environment where the limits are configured
	 * @param registry the running limits
	 * @param planResolverPresent whether there is a {@link io.limiter.spring.LimitPlanResolver} bean
	 */
	LimitsRefresher(Environment environment, RateLimiterRegistry registry, boolean planResolverPresent) {
		this.environment = environment;
		this.registry = registry;
		this.planResolverPresent = planResolverPresent;
		this.changes = new LimiterPropertyChanges(environment);
	}

	/** Reads the limits from the Environment and applies what changed, or refuses it all. */
	synchronized void refresh() {
		try {
			Map<String, Map<String, Limit>> changed = changedLimits(bind());
			this.registry.update(changed);
			if (!changed.isEmpty()) {
				logger.info("Limiter applied the changed limits: " + changed);
			}
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			logger.warn("Limiter refused the changed limits and keeps all the running ones: " + ex.getMessage());
		}
		Set<String> restart = this.changes.needingRestart(this.registry);
		if (!restart.isEmpty()) {
			logger.warn("Limiter cannot apply " + String.join(", ", restart) + " while the application runs: a change"
					+ " of these needs a restart. Changed numbers (algorithm, capacity, period, calendar, zone, rates)"
					+ " of the configured limits and plans apply without one");
		}
	}

	/** Binds and checks the limits as start-up does. */
	private LimiterProperties bind() {
		LimiterProperties properties;
		try {
			properties = Binder.get(this.environment).bindOrCreate("limiter", LimiterProperties.class);
		}
		catch (BindException ex) {
			ConfigurationProperty property = ex.getProperty();
			throw new InvalidLimiterPropertyException(
					(property != null) ? property.getName().toString() : ex.getName().toString(),
					(property != null) ? property.getValue() : null,
					NestedExceptionUtils.getMostSpecificCause(ex).getMessage(), ex);
		}
		LimitDefinitions.options(properties);
		LimitDefinitions.checkPlansResolvable(properties, this.planResolverPresent);
		return properties;
	}

	/**
	 * Returns the new numbers of the running limits and plans that the properties have and that differ from the
	 * running ones, by limit and plan.
	 */
	private Map<String, Map<String, Limit>> changedLimits(LimiterProperties properties) {
		Map<String, Limit> limits = LimitDefinitions.limits(properties);
		Map<String, Map<String, Limit>> plans = LimitDefinitions.plans(properties);
		Map<String, Map<String, Limit>> changed = new LinkedHashMap<>();
		for (String name : this.registry.names()) {
			Map<String, Limit> configured = new LinkedHashMap<>(plans.getOrDefault(name, Map.of()));
			configured.put(RateLimiterRegistry.DEFAULT_PLAN, limits.get(name));
			for (String plan : this.registry.plans(name)) {
				Limit limit = configured.get(plan);
				if (limit != null && !limit.equals(this.registry.limiter(name, plan).limit())) {
					changed.computeIfAbsent(name, (key) -> new LinkedHashMap<>()).put(plan, limit);
				}
			}
		}
		return changed;
	}

}
