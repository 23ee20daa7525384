package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.ForwardedHeader;

/**
 * Settings of the filter: the servlet filter in a servlet application, the WebFlux filter in a reactive one.
 */
public class FilterSettings {

	/** Whether the filter applies the rules. */
	private boolean enabled = true;

	/** Order among the servlet filters or web filters; 0 when not set, after Spring Security's filter chain (-100). */
	private Integer order;

	/** Whether the filter runs just ahead of Spring Security's filter chain, to limit failed logins too. */
	private boolean beforeSecurity;

	/** Whether only the first matching rule applies to a request, or every matching rule. */
	private Match match = Match.FIRST;

	/** Addresses and CIDR blocks of the proxies whose client-address header is believed. */
	private List<String> trustedProxies = new ArrayList<>();

	private final ClientAddress clientAddress = new ClientAddress();

	/** The rules, in order. */
	private List<FilterRuleSettings> rules = new ArrayList<>();

	private final Headers headers = new Headers();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Integer getOrder() {
		return this.order;
	}

	public void setOrder(Integer order) {
		this.order = order;
	}

	public boolean isBeforeSecurity() {
		return this.beforeSecurity;
	}

	public void setBeforeSecurity(boolean beforeSecurity) {
		this.beforeSecurity = beforeSecurity;
	}

	public Match getMatch() {
		return this.match;
	}

	public void setMatch(Match match) {
		this.match = match;
	}

	public List<String> getTrustedProxies() {
		return this.trustedProxies;
	}

	public void setTrustedProxies(List<String> trustedProxies) {
		this.trustedProxies = trustedProxies;
	}

	public ClientAddress getClientAddress() {
		return this.clientAddress;
	}

	public List<FilterRuleSettings> getRules() {
		return this.rules;
	}

	public void setRules(List<FilterRuleSettings> rules) {
		this.rules = rules;
	}

	public Headers getHeaders() {
		return this.headers;
	}

	/**
	 * Which matching rules apply to a request.
	 */
	public enum Match {

		/** Only the first matching rule. */
		FIRST,

		/** Every matching rule, in order, until one denies. */
		ALL

	}

	/**
	 * How the key 'ip' is found: which header the trusted proxies write, and how IPv6 clients are grouped.
	 */
	public static class ClientAddress {

		/** The one header the trusted proxies write the client's address into: X-Forwarded-For, Forwarded or X-Real-IP. */
		private String header = ForwardedHeader.X_FORWARDED_FOR.headerName();

		/** Length of the network prefix that is the key of an IPv6 client (one host often holds a /64). */
		private int ipv6PrefixLength = ClientAddresses.DEFAULT_IPV6_PREFIX_LENGTH;

		public String getHeader() {
			return this.header;
		}

		public void setHeader(String header) {
			this.header = header;
		}

		public int getIpv6PrefixLength() {
			return this.ipv6PrefixLength;
		}

		public void setIpv6PrefixLength(int ipv6PrefixLength) {
			this.ipv6PrefixLength = ipv6PrefixLength;
		}

	}

	/**
	 * Settings of the rate-limit response headers.
	 */
	public static class Headers {

		/** Whether limited responses carry RateLimit-Policy and RateLimit (draft-ietf-httpapi-ratelimit-headers-10). */
		private boolean enabled = true;

		/** Whether limited responses also carry X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset. */
		private boolean legacy = false;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isLegacy() {
			return this.legacy;
		}

		public void setLegacy(boolean legacy) {
			this.legacy = legacy;
		}

	}

}
