package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.RateLimiterRegistry;
import io.limiter.spring.client.LimitedHttpClients;
import io.limiter.spring.internal.client.HostPattern;
import io.limiter.spring.internal.client.HostRoutes;

/**
 * Turns {@code limiter.outbound.rules[*]} into checked rules, each the host patterns it applies to and the
 * {@link LimitedHttpClients.Builder} of its limit, reporting the first bad setting by its property name, and says
 * at start-up, one INFO line per rule, which hosts each limit limits (or in one WARN line that no client applies
 * the rules).
 */
final class OutboundRuleDefinitions {

	private static final Log logger = LogFactory.getLog(OutboundRuleDefinitions.class);

	private OutboundRuleDefinitions() {
	}

	/**
	 * Checks the rules and says what each limits, or, when no client applies them, that they limit nothing.
	 * @param settings the outbound settings
	 * @param registry the configured limits
	 * @param clientsPresent whether the application has Spring Boot's RestClient, RestTemplate or WebClient builders
	 * @return the rules, in order
	 */
	static HostRoutes<LimitedHttpClients.Builder> routes(OutboundSettings settings, RateLimiterRegistry registry,
			Set<String> shadowLimits, boolean clientsPresent) {
		List<HostRoutes.Route<LimitedHttpClients.Builder>> routes = new ArrayList<>();
		for (int i = 0; i < settings.getRules().size(); i++) {
			String rule = rule(i);
			OutboundRuleSettings ruleSettings = settings.getRules().get(i);
			List<HostPattern> hosts = hosts(rule + ".hosts", ruleSettings.getHosts(), routes);
			boolean shadow = shadowLimits.contains(ruleSettings.getLimit());
			routes.add(new HostRoutes.Route<>(hosts, limit(rule + ".", ruleSettings, registry).shadow(shadow)));
			if (clientsPresent) {
				logger.info("Limiter limits outbound calls to "
						+ hosts.stream().map(HostPattern::toString).collect(Collectors.joining(", ")) + " by "
						+ describe(ruleSettings, shadow) + " (" + rule + ")");
			}
		}
		if (!routes.isEmpty() && !clientsPresent) {
			logger.warn("limiter.outbound.rules limit no call: they apply to the RestClient.Builder,"
					+ " RestTemplateBuilder and WebClient.Builder of Spring Boot, whose modules (spring-boot-restclient,"
					+ " spring-boot-webclient) the application does not have");
		}
		return new HostRoutes<>(routes);
	}

	private static String rule(int index) {
		return "limiter.outbound.rules[" + index + "]";
	}

	private static List<HostPattern> hosts(String property, List<String> hosts,
			List<HostRoutes.Route<LimitedHttpClients.Builder>> earlier) {
		if (hosts.isEmpty()) {
			throw new InvalidLimiterPropertyException(property, hosts,
					"a rule must name the hosts whose calls it limits, such as api.partner.com or *.partner.com:8443",
					null);
		}
		List<HostPattern> patterns = new ArrayList<>();
		for (String host : hosts) {
			HostPattern pattern;
			try {
				pattern = HostPattern.parse(host);
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidLimiterPropertyException(property, host, ex.getMessage(), ex);
			}
			for (int i = 0; i < earlier.size(); i++) {
				for (HostPattern first : earlier.get(i).hosts()) {
					if (first.covers(pattern)) {
						throw new InvalidLimiterPropertyException(property, host, "every call to " + pattern
								+ " matches '" + first + "' of " + rule(i)
								+ " first, so this rule never applies to it", null);
					}
				}
			}
			patterns.add(pattern);
		}
		return patterns;
	}

	/**
	 * Checks what the builder would refuse, each under its own property, then builds an interceptor once, which
	 * records the cost against later lowering of the limit's capacity.
	 */
	private static LimitedHttpClients.Builder limit(String prefix, OutboundRuleSettings settings,
			RateLimiterRegistry registry) {
		String name = settings.getLimit();
		if (name == null || name.isBlank()) {
			throw new InvalidLimiterPropertyException(prefix + "limit", name,
					"a rule must name the limit (limiter.limits) whose permits its calls take", null);
		}
		LimitDefinitions.check(prefix + "limit", name, registry::plans);
		String plan = (settings.getPlan() != null) ? settings.getPlan() : RateLimiterRegistry.DEFAULT_PLAN;
		LimitDefinitions.check(prefix + "plan", plan, (value) -> registry.limiter(name, value));
		Duration maxWait = settings.getMaxWait();
		if (maxWait == null || maxWait.isNegative()) {
			throw new InvalidLimiterPropertyException(prefix + "max-wait", maxWait,
					"the longest wait must be zero (never wait) or more, such as 5s", null);
		}
		if (settings.getCost() < 1) {
			throw new InvalidLimiterPropertyException(prefix + "cost", settings.getCost(),
					"the cost must be between 1 and the capacity of limit '" + name + "'", null);
		}
		LimitedHttpClients.Builder builder = LimitedHttpClients.limit(registry, name)
			.plan(plan)
			.cost(settings.getCost())
			.maxWait(maxWait);
		String key = settings.getKey();
		if (key != null) {
			if (key.isBlank()) {
				throw new InvalidLimiterPropertyException(prefix + "key", key,
						"a key must not be blank; without one each host:port of the target has permits of its own",
						null);
			}
			builder.key((request) -> key);
		}
		LimitDefinitions.check(prefix + "cost", settings.getCost(), (cost) -> builder.interceptor());
		return builder;
	}

	private static String describe(OutboundRuleSettings settings, boolean shadow) {
		String plan = (settings.getPlan() != null) ? "plan '" + settings.getPlan() + "', " : "";
		String wait = shadow ? "in shadow mode: never waiting, never denying"
				: settings.getMaxWait().isZero() ? "never waiting"
						: "waiting at most " + settings.getMaxWait().toMillis() + " ms";
		return "limit '" + settings.getLimit() + "' (" + plan + settings.getCost() + " permit"
				+ ((settings.getCost() == 1) ? "" : "s") + " per call, " + counted(settings) + ", " + wait + ")";
	}

	private static String counted(OutboundRuleSettings settings) {
		return (settings.getKey() != null) ? "one key '" + settings.getKey() + "' for all its hosts" : "per host:port";
	}

}
