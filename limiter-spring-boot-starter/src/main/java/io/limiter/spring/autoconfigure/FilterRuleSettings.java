package io.limiter.spring.autoconfigure;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.limiter.spring.EmptyKey;

/**
 * One filter rule.
 */
public class FilterRuleSettings {

	/** Path patterns (Spring PathPattern syntax, such as /api/**) of the requests; empty for all. */
	private List<String> paths = new ArrayList<>();

	/** HTTP methods of the requests; empty for all. */
	private List<String> methods = new ArrayList<>();

	/** Name of the limit to apply. */
	private String limit;

	/** Key: ip, header:<Name>, principal, or a SpEL expression over the request (servlet or reactive). */
	private String key = "ip";

	/** Key of a request that lacks its own (no or a blank value, no user): client-address, deny or share. */
	private EmptyKey emptyKey = EmptyKey.CLIENT_ADDRESS;

	/** Status of the answer to a request that empty-key 'deny' refuses, from 400 to 599. */
	private int emptyKeyStatus = 400;

	/** Length of the network prefix that keys an IPv6 client under this rule; unset for the filter's. */
	private Integer ipv6PrefixLength;

	/** Permits one request takes. */
	private long cost = 1;

	/**
	 * SpEL condition over the request (servlet or reactive) under which the rule does not apply, such as
	 * "getHeader('X-Internal') != null"; beans are reachable as @name.
	 */
	private String skipIf;

	/**
	 * Response statuses (such as 401) or classes (such as 4xx) of the requests that count, after they end;
	 * empty counts every request when it starts.
	 */
	private List<String> countOn = new ArrayList<>();

	private final Response response = new Response();

	public List<String> getPaths() {
		return this.paths;
	}

	public void setPaths(List<String> paths) {
		this.paths = paths;
	}

	public List<String> getMethods() {
		return this.methods;
	}

	public void setMethods(List<String> methods) {
		this.methods = methods;
	}

	public String getLimit() {
		return this.limit;
	}

	public void setLimit(String limit) {
		this.limit = limit;
	}

	public String getKey() {
		return this.key;
	}

	public void setKey(String key) {
		this.key = key;
	}

	public EmptyKey getEmptyKey() {
		return this.emptyKey;
	}

	public void setEmptyKey(EmptyKey emptyKey) {
		this.emptyKey = emptyKey;
	}

	public int getEmptyKeyStatus() {
		return this.emptyKeyStatus;
	}

	public void setEmptyKeyStatus(int emptyKeyStatus) {
		this.emptyKeyStatus = emptyKeyStatus;
	}

	public Integer getIpv6PrefixLength() {
		return this.ipv6PrefixLength;
	}

	public void setIpv6PrefixLength(Integer ipv6PrefixLength) {
		this.ipv6PrefixLength = ipv6PrefixLength;
	}

	public long getCost() {
		return this.cost;
	}

	public void setCost(long cost) {
		this.cost = cost;
	}

	public String getSkipIf() {
		return this.skipIf;
	}

	public void setSkipIf(String skipIf) {
		this.skipIf = skipIf;
	}

	public List<String> getCountOn() {
		return this.countOn;
	}

	public void setCountOn(List<String> countOn) {
		this.countOn = countOn;
	}

	public Response getResponse() {
		return this.response;
	}

	/**
	 * The answer of one rule to a request it denies; by default 429 and an RFC 9457 problem.
	 */
	public static class Response {

		/** Status of the answer, from 400 to 599. */
		private int status = 429;

		/** Extra headers of the answer, by name. */
		private Map<String, String> headers = new LinkedHashMap<>();

		/** Body of the answer, as text, instead of the problem. */
		private String body;

		/** Media type of 'body'. */
		private String contentType = "text/plain;charset=UTF-8";

		/** Name of a RateLimitDenialBody bean that writes the body instead of the problem. */
		private String bodyWriter;

		public int getStatus() {
			return this.status;
		}

		public void setStatus(int status) {
			this.status = status;
		}

		public Map<String, String> getHeaders() {
			return this.headers;
		}

		public void setHeaders(Map<String, String> headers) {
			this.headers = headers;
		}

		public String getBody() {
			return this.body;
		}

		public void setBody(String body) {
			this.body = body;
		}

		public String getContentType() {
			return this.contentType;
		}

		public void setContentType(String contentType) {
			this.contentType = contentType;
		}

		public String getBodyWriter() {
			return this.bodyWriter;
		}

		public void setBodyWriter(String bodyWriter) {
			this.bodyWriter = bodyWriter;
		}

	}

}
