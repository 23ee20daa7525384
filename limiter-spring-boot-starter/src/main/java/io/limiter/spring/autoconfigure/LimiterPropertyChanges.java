package io.limiter.spring.autoconfigure;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

import io.limiter.RateLimiterRegistry;

/**
 * Tells which {@code limiter.*} properties of the Environment changed since it last looked, and which of them a
 * running application cannot apply: all but the numbers (algorithm, capacity, period, calendar, zone, rates) of a limit
 * and of a plan that the registry has and the Environment still has.
 */
final class LimiterPropertyChanges {

	private static final ConfigurationPropertyName ROOT = ConfigurationPropertyName.of("limiter");

	private static final Set<String> NUMBERS = Set.of("algorithm", "capacity", "period", "calendar", "zone", "rates");

	private final Environment environment;

	private Map<ConfigurationPropertyName, String> seen;

	LimiterPropertyChanges(Environment environment) {
		this.environment = environment;
		this.seen = values(environment);
	}

	/**
	 * Returns the properties that changed (were set, changed or removed) since the last call or the start and that
	 * only a restart applies.
	 * @param registry the running limits
	 * @return the property names, sorted
	 */
	synchronized Set<String> needingRestart(RateLimiterRegistry registry) {
		Map<ConfigurationPropertyName, String> current = values(this.environment);
		Set<ConfigurationPropertyName> changed = new TreeSet<>(this.seen.keySet());
		changed.addAll(current.keySet());
		changed.removeIf((name) -> Objects.equals(this.seen.get(name), current.get(name)));
		this.seen = current;
		Set<String> restart = new TreeSet<>();
		for (ConfigurationPropertyName name : changed) {
			if (!isNumberOfRunningLimit(name, registry, current.keySet())) {
				restart.add(name.toString());
			}
		}
		return restart;
	}

	/** Whether the property is a number of a limit or plan that runs and that the Environment still has. */
	private static boolean isNumberOfRunningLimit(ConfigurationPropertyName name, RateLimiterRegistry registry,
			Set<ConfigurationPropertyName> present) {
		if (name.getNumberOfElements() < 4 || !name.getElement(1, Form.DASHED).equals("limits")) {
			return false;
		}
		String limit = name.getElement(2, Form.ORIGINAL);
		ConfigurationPropertyName limitName = name.chop(3);
		if (!registry.names().contains(limit) || present.stream().noneMatch(limitName::isAncestorOf)) {
			return false;
		}
		String field = name.getElement(3, Form.DASHED);
		if (!field.equals("plans")) {
			return NUMBERS.contains(field);
		}
		if (name.getNumberOfElements() < 6) {
			return false;
		}
		ConfigurationPropertyName planName = name.chop(5);
		return registry.plans(limit).contains(name.getElement(4, Form.ORIGINAL))
				&& present.stream().anyMatch(planName::isAncestorOf)
				&& NUMBERS.contains(name.getElement(5, Form.DASHED));
	}

	/** Returns the value of every {@code limiter.*} property that the Environment lists, as its sources rank them. */
	private static Map<ConfigurationPropertyName, String> values(Environment environment) {
		Map<ConfigurationPropertyName, String> values = new TreeMap<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source instanceof IterableConfigurationPropertySource iterable) {
				iterable.stream().filter(ROOT::isAncestorOf).forEach((name) -> {
					ConfigurationProperty property = iterable.getConfigurationProperty(name);
					if (property != null) {
						values.putIfAbsent(name, String.valueOf(property.getValue()));
					}
				});
			}
		}
		return values;
	}

}
