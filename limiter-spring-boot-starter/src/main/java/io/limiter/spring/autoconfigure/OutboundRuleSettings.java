package io.limiter.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One rule of outbound calls: the hosts it applies to and the limit their calls take permits of.
 */
public class OutboundRuleSettings {

	/**
	 * Targets of the calls: host or host:port, '*.' first for every host below a domain (such as *.partner.com:8443);
	 * a host without a port matches every port.
	 */
	private List<String> hosts = new ArrayList<>();

	/** Name of the limit (limiter.limits) whose permits the calls take, counted per key. */
	private String limit;

	/**
	 * Key whose permits every call of the rule takes, so that all its hosts share one budget (such as partner-api);
	 * each host:port of the target has permits of its own when not set.
	 */
	private String key;

	/** Plan of the limit whose numbers apply; the limit's own numbers when not set. */
	private String plan;

	/** Permits one call takes. */
	private long cost = 1;

	/** Longest a call waits for its permits; a call whose permits come later fails without being sent. */
	private Duration maxWait = Duration.ZERO;

	public List<String> getHosts() {
		return this.hosts;
	}

	public void setHosts(List<String> hosts) {
		this.hosts = hosts;
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

	public String getPlan() {
		return this.plan;
	}

	public void setPlan(String plan) {
		this.plan = plan;
	}

	public long getCost() {
		return this.cost;
	}

	public void setCost(long cost) {
		this.cost = cost;
	}

	public Duration getMaxWait() {
		return this.maxWait;
	}

	public void setMaxWait(Duration maxWait) {
		this.maxWait = maxWait;
	}

}
