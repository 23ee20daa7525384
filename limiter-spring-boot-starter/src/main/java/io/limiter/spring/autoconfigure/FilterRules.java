package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

import io.limiter.spring.autoconfigure.LimiterProperties.Filter;
import io.limiter.spring.autoconfigure.LimiterProperties.Filter.ClientAddress;
import io.limiter.spring.autoconfigure.LimiterProperties.Filter.Rule;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.web.ClientAddressResolver;
import io.limiter.spring.internal.web.FilterRule;
import io.limiter.spring.internal.web.ForwardedHeader;
import io.limiter.spring.internal.web.RequestKeyResolver;

/**
 * Turns {@code limiter.filter.rules[*]} into checked {@link FilterRule}s, reporting the first bad setting by
 * its property name.
 */
final class FilterRules {

	private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS",
			"TRACE");

	private FilterRules() {
	}

	static List<FilterRule> rules(Filter filter, LimitEnforcers enforcers) {
		ClientAddressResolver clients = clients(filter.getTrustedProxies(), filter.getClientAddress());
		List<FilterRule> rules = new ArrayList<>();
		for (int i = 0; i < filter.getRules().size(); i++) {
			rules.add(rule("limiter.filter.rules[" + i + "].", filter.getRules().get(i), enforcers, clients));
		}
		return rules;
	}

	private static ClientAddressResolver clients(List<String> trustedProxies, ClientAddress settings) {
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
		try {
			return new ClientAddressResolver(trustedProxies, header, prefixLength);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException("limiter.filter.trusted-proxies", trustedProxies,
					ex.getMessage(), ex);
		}
	}

	private static FilterRule rule(String prefix, Rule rule, LimitEnforcers enforcers, ClientAddressResolver clients) {
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
		RequestKeyResolver key;
		try {
			key = RequestKeyResolver.parse(rule.getKey(), clients);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "key", rule.getKey(), ex.getMessage(), ex);
		}
		return new FilterRule(paths(prefix + "paths", rule.getPaths()), methods(prefix + "methods", rule.getMethods()),
				enforcer, key, rule.getCost());
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
