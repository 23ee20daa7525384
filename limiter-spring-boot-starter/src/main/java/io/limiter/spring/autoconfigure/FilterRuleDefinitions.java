package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.core.env.Environment;
import org.springframework.expression.ParseException;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

import io.limiter.ConcurrencyLimiter;
import io.limiter.spring.EmptyKey;
import io.limiter.spring.autoconfigure.FilterSettings.ClientAddress;
import io.limiter.spring.internal.ConcurrencyLimiters;
import io.limiter.spring.internal.ExpressionContexts;
import io.limiter.spring.internal.LimitEnforcer;
import io.limiter.spring.internal.LimitEnforcers;
import io.limiter.spring.internal.SkipCondition;
import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.ConcurrencyRule;
import io.limiter.spring.internal.http.CountedStatuses;
import io.limiter.spring.internal.http.EmptyKeyPolicy;
import io.limiter.spring.internal.http.ForwardedHeader;
import io.limiter.spring.internal.http.KeySetting;
import io.limiter.spring.internal.http.LimitRule;
import io.limiter.spring.internal.http.RequestPattern;
import io.limiter.spring.internal.http.RuleExpressionContexts;

/**
 * Turns {@code limiter.filter.rules[*]} into checked {@link LimitRule}s of the servlet or the WebFlux filter,
 * reporting the first bad setting by its property name. Free of both stacks: each filter's auto-configuration
 * says how a parsed {@link KeySetting} becomes a key resolver of its own.
 */
final class FilterRuleDefinitions {

	private static final SpelExpressionParser PARSER = new SpelExpressionParser();

	private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS",
			"TRACE");

	private FilterRuleDefinitions() {
	}

	/**
	 * What one filter, the servlet or the WebFlux one, makes of checked settings.
	 * @param <R> the filter's request type
	 * @param <K> the filter's key resolver type
	 * @param reactive whether it is the WebFlux filter
	 * @param addresses gives the whole address of the client of a request by the filter's client addresses
	 * @param keys makes the key resolver of a rule
	 */
	record Stack<R, K>(boolean reactive, Function<ClientAddresses, Function<R, String>> addresses,
			RuleKeys<R, K> keys) {
	}

	/**
	 * Makes the key resolver of a rule, of one filter's type.
	 * @param <R> the filter's request type
	 * @param <K> the filter's key resolver type
	 */
	@FunctionalInterface
	interface RuleKeys<R, K> {

		/**
		 * Makes a key resolver.
		 * @param setting the rule's parsed key setting
		 * @param emptyKey what the key of a request that lacks one is
		 * @param clients the rule's resolver of client addresses
		 * @param contexts makes the evaluation context of a request
		 * @return the resolver
		 */
		K resolver(KeySetting setting, EmptyKeyPolicy emptyKey, ClientAddresses clients,
				RuleExpressionContexts<R> contexts);

	}

	/**
	 * The checked rules of a filter and the evaluation contexts of their conditions.
	 * @param <R> the filter's request type
	 * @param <K> the filter's key resolver type
	 * @param rules the rules of rate limits, in order
	 * @param concurrencyRules the rules of concurrency limits, in order
	 * @param contexts makes the evaluation context of a request
	 */
	record Rules<R, K>(List<LimitRule<K>> rules, List<ConcurrencyRule<K>> concurrencyRules,
			RuleExpressionContexts<R> contexts) {
	}

	/**
	 * Checks the rules, the trusted proxies and the client-address settings, against what the application does
	 * with forwarded headers.
	 * @param <R> the filter's request type
	 * @param <K> the filter's key resolver type
	 * @param filter the filter settings
	 * @param environment the application's environment, for its forwarded-headers strategy
	 * @param stack the filter's side
	 * @param enforcers the rate limits
	 * @param concurrency the concurrency limits
	 * @param beans the application's beans, for SpEL and for the body writers that rules name
	 * @return the rules
	 */
	static <R, K> Rules<R, K> rules(FilterSettings filter, Environment environment, Stack<R, K> stack,
			LimitEnforcers enforcers, ConcurrencyLimiters concurrency, BeanFactory beans) {
		ForwardedHeaders forwarded = ForwardedHeaders.of(environment, stack.reactive(), filter);
		ClientAddresses clients = clients(filter, forwarded);
		RuleExpressionContexts<R> contexts = new RuleExpressionContexts<>(new ExpressionContexts(beans),
				stack.addresses().apply(clients));
		List<LimitRule<K>> rules = new ArrayList<>();
		List<ConcurrencyRule<K>> concurrencyRules = new ArrayList<>();
		for (int i = 0; i < filter.getRules().size(); i++) {
			String prefix = "limiter.filter.rules[" + i + "].";
			FilterRuleSettings rule = filter.getRules().get(i);
			if (rule.getLimit() != null && concurrency.contains(rule.getLimit())) {
				concurrencyRules.add(concurrencyRule(prefix, rule, forwarded, clients, contexts,
						concurrency.get(rule.getLimit()), stack.keys(), beans));
			}
			else {
				rules.add(rule(prefix, rule, forwarded, clients, contexts, enforcers, stack.keys(), beans));
			}
		}
		return new Rules<>(rules, concurrencyRules, contexts);
	}

	/**
	 * Checks {@code limiter.filter.trusted-proxies} and {@code limiter.filter.client-address}. Where the server
	 * resolves forwarded headers itself ({@value ForwardedHeaders#STRATEGY} {@code native}), the request's remote
	 * address is already the client's, and the starter's own walk of the header must stay off: trusted proxies are
	 * then refused, since two resolutions of one header would disagree. Otherwise the starter walks the header
	 * itself, as Spring Boot resolves no header by default and a limiter must not key every client behind a proxy
	 * by the proxy's address.
	 * @param filter the filter settings
	 * @param forwarded what the application does with forwarded headers
	 * @return the resolver of client addresses both filters and the gateway key resolver use
	 */
	static ClientAddresses clients(FilterSettings filter, ForwardedHeaders forwarded) {
		if (!filter.getTrustedProxies().isEmpty() && forwarded.resolvedByServer()) {
			throw new InvalidLimiterPropertyException("limiter.filter.trusted-proxies", filter.getTrustedProxies(),
					"the server already resolves the client's address from forwarded headers (" + forwarded.setting()
							+ "); leave the trusted proxies empty, or set " + ForwardedHeaders.STRATEGY + "=none",
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
		ipv6PrefixLength("limiter.filter.client-address.ipv6-prefix-length", prefixLength);
		List<String> trustedProxies = filter.getTrustedProxies();
		try {
			return new ClientAddresses(trustedProxies, header, prefixLength);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException("limiter.filter.trusted-proxies", trustedProxies,
					ex.getMessage(), ex);
		}
	}

	private static void ipv6PrefixLength(String property, int prefixLength) {
		try {
			ClientAddresses.requireIpv6PrefixLength(prefixLength);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, prefixLength, ex.getMessage(), ex);
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

	private static <R, K> LimitRule<K> rule(String prefix, FilterRuleSettings rule, ForwardedHeaders forwarded,
			ClientAddresses clients, RuleExpressionContexts<R> contexts, LimitEnforcers enforcers, RuleKeys<R, K> keys,
			BeanFactory beans) {
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
		Matching<K> matching = matching(prefix, rule, forwarded, clients, contexts, keys);
		return new LimitRule<>(matching.requests(), matching.skipIf(), enforcer, matching.key(), rule.getCost(),
				countOn(prefix + "count-on", rule.getCountOn()),
				DenialResponses.of(prefix + "response.", rule.getResponse(), beans));
	}

	/**
	 * Checks a rule that names a concurrency limit: a request holds one permit while it runs, so the rule has no
	 * cost other than 1 and counts no statuses.
	 */
	private static <R, K> ConcurrencyRule<K> concurrencyRule(String prefix, FilterRuleSettings rule,
			ForwardedHeaders forwarded, ClientAddresses clients, RuleExpressionContexts<R> contexts,
			ConcurrencyLimiter limiter, RuleKeys<R, K> keys, BeanFactory beans) {
		if (rule.getCost() != 1) {
			throw new InvalidLimiterPropertyException(prefix + "cost", rule.getCost(), "limit '" + rule.getLimit()
					+ "' is a concurrency limit, where a request holds one permit while it runs; remove the cost",
					null);
		}
		if (!rule.getCountOn().isEmpty()) {
			throw new InvalidLimiterPropertyException(prefix + "count-on", rule.getCountOn(), "limit '"
					+ rule.getLimit() + "' is a concurrency limit, whose permits return when a request ends, whatever "
					+ "its status; remove count-on", null);
		}
		Matching<K> matching = matching(prefix, rule, forwarded, clients, contexts, keys);
		return new ConcurrencyRule<>(matching.requests(), matching.skipIf(), limiter, matching.key(),
				DenialResponses.of(prefix + "response.", rule.getResponse(), beans));
	}

	/**
	 * What a rule of either kind applies to: its requests, its condition and the key of a request.
	 */
	private record Matching<K>(RequestPattern requests, SkipCondition skipIf, K key) {
	}

	private static <R, K> Matching<K> matching(String prefix, FilterRuleSettings rule, ForwardedHeaders forwarded,
			ClientAddresses clients, RuleExpressionContexts<R> contexts, RuleKeys<R, K> keys) {
		RequestPattern requests = new RequestPattern(paths(prefix + "paths", rule.getPaths()),
				methods(prefix + "methods", rule.getMethods()));
		KeySetting key;
		try {
			key = KeySetting.parse(rule.getKey());
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "key", rule.getKey(), ex.getMessage(), ex);
		}
		EmptyKeyPolicy emptyKey = emptyKey(prefix, rule, key);
		boolean byClientAddress = key instanceof KeySetting.ClientAddress || (!(key instanceof KeySetting.Constant)
				&& emptyKey.answer() == EmptyKey.CLIENT_ADDRESS);
		if (byClientAddress && forwarded.untrusted() != null) {
			String how = (key instanceof KeySetting.ClientAddress) ? "its key 'ip'"
					: "a request that lacks its key '" + rule.getKey() + "' under empty-key client-address";
			throw new InvalidLimiterPropertyException(ForwardedHeaders.STRATEGY, forwarded.setting(),
					prefix.substring(0, prefix.length() - 1) + " keys requests by their client address (" + how
							+ "), and " + forwarded.untrusted(),
					null);
		}
		ClientAddresses ruleClients = clients;
		if (rule.getIpv6PrefixLength() != null) {
			if (!byClientAddress) {
				throw new InvalidLimiterPropertyException(prefix + "ipv6-prefix-length", rule.getIpv6PrefixLength(),
						"the rule never keys a request by its client address (key '" + rule.getKey() + "')", null);
			}
			ipv6PrefixLength(prefix + "ipv6-prefix-length", rule.getIpv6PrefixLength());
			ruleClients = clients.withIpv6PrefixLength(rule.getIpv6PrefixLength());
		}
		return new Matching<>(requests, skipIf(prefix + "skip-if", rule.getSkipIf()),
				keys.resolver(key, emptyKey, ruleClients, contexts));
	}

	private static EmptyKeyPolicy emptyKey(String prefix, FilterRuleSettings rule, KeySetting key) {
		String lacking = "a key";
		if (key instanceof KeySetting.Header header) {
			lacking = "the header " + header.name();
		}
		else if (key instanceof KeySetting.Evaluated evaluated) {
			lacking = "a value of " + evaluated.expression().getExpressionString();
		}
		else if (key instanceof KeySetting.UserPrincipal) {
			lacking = "an authenticated user";
		}
		try {
			return new EmptyKeyPolicy(rule.getEmptyKey(),
					rule.getEmptyKeyStatus(), lacking);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "empty-key-status", rule.getEmptyKeyStatus(),
					ex.getMessage(), ex);
		}
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
