package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

import io.limiter.spring.autoconfigure.FilterSettings.ClientAddress;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.SkipCondition;
import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.CountedStatuses;
import io.limiter.spring.internal.http.ForwardedHeader;
import io.limiter.spring.internal.http.KeySetting;
import io.limiter.spring.internal.http.LimitRule;
import io.limiter.spring.internal.http.RequestPattern;

/**
 * Turns {@code limiter.filter.rules[*]} into checked {@link LimitRule}s of the servlet or the WebFlux filter,
 * reporting the first bad setting by its property name. Free of both stacks: each filter's auto-configuration
 * says how a parsed {@link KeySetting} becomes a key resolver of its own.
 */
final class FilterRuleDefinitions {

	/** Spring Boot's property that turns its handling of forwarded headers on. */
	static final String FORWARD_HEADERS_STRATEGY = "server.forward-headers-strategy";

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS",
			"TRACE");

	private FilterRuleDefinitions() {
	}

	/**
	 * Checks the rules.
	 * @param <K> the filter's key resolver type
	 * @param filter the filter settings
	 * @param enforcers the limits
	 * @param keys makes the filter's key resolver of a parsed key setting
	 * @param beans the application's beans, for the body writers that rules name
	 * @return the rules, in order
	 */
	static <K> List<LimitRule<K>> rules(FilterSettings filter, LimitEnforcers enforcers, Function<KeySetting, K> keys,
			BeanFactory beans) {
		List<LimitRule<K>> rules = new ArrayList<>();
		for (int i = 0; i < filter.getRules().size(); i++) {
			rules.add(rule("limiter.filter.rules[" + i + "].", filter.getRules().get(i), enforcers, keys, beans));
		}
		return rules;
	}

	/**
	 * Checks {@code limiter.filter.trusted-proxies} and {@code limiter.filter.client-address}. Where the application
	 * has Spring Boot resolve forwarded headers ({@value #FORWARD_HEADERS_STRATEGY} {@code native} or
	 * {@code framework}), the request's remote address is already the client's, and the starter's own walk of the
	 * header must stay off: trusted proxies are then refused, since two resolutions of one header would disagree.
	 * Without it, the starter's own walk is kept, as Spring Boot resolves no header by default and a limiter must
	 * not key every client behind a proxy by the proxy's address.
	 * @param filter the filter settings
	 * @param forwardHeadersStrategy the value of {@value #FORWARD_HEADERS_STRATEGY}, or {@code null}
	 * @return the resolver of client addresses both filters use
	 */
	static ClientAddresses clients(FilterSettings filter, String forwardHeadersStrategy) {
		String strategy = (forwardHeadersStrategy != null) ? forwardHeadersStrategy.trim().toLowerCase(Locale.ROOT)
				: "none";
		if (!filter.getTrustedProxies().isEmpty() && !strategy.equals("none")) {
			throw new InvalidLimiterPropertyException("limiter.filter.trusted-proxies", filter.getTrustedProxies(),
					"Spring Boot already resolves the client's address from forwarded headers ("
							+ FORWARD_HEADERS_STRATEGY + "=" + strategy + "); leave the trusted proxies empty, or set "
							+ FORWARD_HEADERS_STRATEGY + "=none",
					null);
		}
		ClientAddress settings = filter.getClientAddress();
		ForwardedHeader header;
		try {
			header = ForwardedHeader.named(settings.getHeader());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException("limiter.filter.client-address.header", settings.getHeader(),
					ex.getMessage(), ex);
		}
		int prefixLength = settings.getIpv6PrefixLength();
		if (prefixLength < 1 || prefixLength > 128) {
			throw new InvalidLimiterPropertyException("limiter.filter.client-address.ipv6-prefix-length", prefixLength,
					"the prefix length must be between 1 and 128", null);
		}
		List<String> trustedProxies = filter.getTrustedProxies();
		try {
			return new ClientAddresses(trustedProxies, header, prefixLength);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException("limiter.filter.trusted-proxies", trustedProxies,
					ex.getMessage(), ex);
		}
	}

	/**
	 * Returns the order of the filter among the servlet filters or the web filters.
	 * @param filter the filter settings
	 * @param securityOrder the order of Spring Security's filter chain
	 * @return {@code limiter.filter.order} (0 when not set), or with {@code limiter.filter.before-security} one
	 * less than the order of the security chain
	 */
	static int order(FilterSettings filter, int securityOrder) {
		if (!filter.isBeforeSecurity()) {
			return (filter.getOrder() != null) ? filter.getOrder() : 0;
		}
		if (filter.getOrder() != null) {
			throw new InvalidLimiterPropertyException("limiter.filter.order", filter.getOrder(),
					"set either it or limiter.filter.before-security, not both", null);
		}
		return securityOrder - 1;
	}

	private static <K> LimitRule<K> rule(String prefix, FilterRuleSettings rule, LimitEnforcers enforcers,
			Function<KeySetting, K> keys, BeanFactory beans) {
		if (rule.getLimit() == null) {
			throw new InvalidLimiterPropertyException(prefix + "limit", null, "the rule must name a limit", null);
		}
		LimitEnforcer enforcer;
		try {
			enforcer = enforcers.get(rule.getLimit());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "limit", rule.getLimit(), ex.getMessage(), ex);
		}
		long capacity = enforcer.capacity();
		if (rule.getCost() < 1) {
			throw new InvalidLimiterPropertyException(prefix + "cost", rule.getCost(),
					"the cost must be between 1 and the capacity " + capacity + " of limit '" + rule.getLimit() + "'",
					null);
		}
		try {
			enforcer.requireCapacity(rule.getCost(), "filter rule " + prefix.substring(0, prefix.length() - 1));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "cost", rule.getCost(),
					"the cost must be between 1 and the capacity " + capacity + " of limit '" + rule.getLimit() + "'",
					ex);
		}
		RequestPattern requests = new RequestPattern(paths(prefix + "paths", rule.getPaths()),
				methods(prefix + "methods", rule.getMethods()));
		K key;
		try {
			key = keys.apply(KeySetting.parse(rule.getKey()));
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "key", rule.getKey(), ex.getMessage(), ex);
		}
		return new LimitRule<>(requests, skipIf(prefix + "skip-if", rule.getSkipIf()), enforcer, key, rule.getCost(),
				countOn(prefix + "count-on", rule.getCountOn()),
				DenialResponses.of(prefix + "response.", rule.getResponse(), beans));
	}

	private static SkipCondition skipIf(String property, String condition) {
		if (condition == null || condition.isBlank()) {
			return SkipCondition.NEVER;
		}
		try {
			return new SkipCondition(PARSER.parseExpression(condition), property);
		}
		catch (ParseException ex) {
			throw new InvalidLimiterPropertyException(property, condition,
					"not a valid SpEL expression: " + ex.getMessage(), ex);
		}
	}

	private static CountedStatuses countOn(String property, List<String> statuses) {
		try {
			return CountedStatuses.parse(statuses);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, statuses, ex.getMessage(), ex);
		}
	}

	private static List<PathPattern> paths(String property, List<String> paths) {
		List<PathPattern> patterns = new ArrayList<>();
		for (String path : paths) {
			try {
				patterns.add(PathPatternParser.defaultInstance.parse(path));
			}
			catch (PatternParseException ex) {
				throw new InvalidLimiterPropertyException(property, path,
						ex.getMessage() + " at position " + ex.getPosition(), ex);
			}
		}
		return patterns;
	}

	private static Set<String> methods(String property, List<String> methods) {
		Set<String> upperCase = new LinkedHashSet<>();
		for (String method : methods) {
			String name = method.trim().toUpperCase(Locale.ROOT);
			if (!METHODS.contains(name)) {
				throw new InvalidLimiterPropertyException(property, method, "the method must be one of " + METHODS,
						null);
			}
			upperCase.add(name);
		}
		return upperCase;
	}

}
