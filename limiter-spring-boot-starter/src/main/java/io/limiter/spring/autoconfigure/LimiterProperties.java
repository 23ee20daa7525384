package io.limiter.spring.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;

import io.limiter.FailurePolicy;
import io.limiter.RedisBackend;

/**
 * Settings of Limiter, under {@code limiter}.
 */
@ConfigurationProperties("limiter")
public class LimiterProperties {

	/**
	 * Namespace of this service's keys and instance count in Redis, apart from other services on the same Redis:
	 * 1 to 64 ASCII letters, digits, '.', '_' or '-'. Defaults to spring.application.name; none when neither is set.
	 */
	private String namespace;

	/** What a decision is when the backend fails or does not answer in time, for limits that set none. */
	private FailurePolicy failurePolicy = RedisBackend.DEFAULT_FAILURE_POLICY;

	/**
	 * Instances of the service that share each limit: under local-fallback each decides with capacity / this,
	 * rounded up. Counted through a heartbeat in Redis when not set.
	 */
	private Integer fallbackInstances;

	/** The limits, by name; each may have named plans, chosen per key by a LimitPlanResolver bean. */
	private final Map<String, LimitSettings> limits = new LinkedHashMap<>();

	/** The concurrency limits, by name: at most max-in-flight requests or calls of a key at once. */
	private final Map<String, ConcurrencySettings> concurrency = new LinkedHashMap<>();

	@NestedConfigurationProperty
	private final RedisSettings redis = new RedisSettings();

	@NestedConfigurationProperty
	private final RegionsSettings regions = new RegionsSettings();

	@NestedConfigurationProperty
	private final MemorySettings memory = new MemorySettings();

	@NestedConfigurationProperty
	private final FilterSettings filter = new FilterSettings();

	@NestedConfigurationProperty
	private final OutboundSettings outbound = new OutboundSettings();

	@NestedConfigurationProperty
	private final AspectSettings aspect = new AspectSettings();

	@NestedConfigurationProperty
	private final HealthSettings health = new HealthSettings();

	public String getNamespace() {
		return this.namespace;
	}

	public void setNamespace(String namespace) {
		this.namespace = namespace;
	}

	public FailurePolicy getFailurePolicy() {
		return this.failurePolicy;
	}

	public void setFailurePolicy(FailurePolicy failurePolicy) {
		this.failurePolicy = failurePolicy;
	}

	public Integer getFallbackInstances() {
		return this.fallbackInstances;
	}

	public void setFallbackInstances(Integer fallbackInstances) {
		this.fallbackInstances = fallbackInstances;
	}

	public Map<String, LimitSettings> getLimits() {
		return this.limits;
	}

	public Map<String, ConcurrencySettings> getConcurrency() {
		return this.concurrency;
	}

	public RedisSettings getRedis() {
		return this.redis;
	}

	public RegionsSettings getRegions() {
		return this.regions;
	}

	public MemorySettings getMemory() {
		return this.memory;
	}

	public FilterSettings getFilter() {
		return this.filter;
	}

	public OutboundSettings getOutbound() {
		return this.outbound;
	}

	public AspectSettings getAspect() {
		return this.aspect;
	}

	public HealthSettings getHealth() {
		return this.health;
	}

}
