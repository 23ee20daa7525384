package io.limiter.spring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.InMemoryBackend;
import io.limiter.LocalTier;
import io.limiter.RedisBackend;
import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.ForwardedHeader;

/**
 * Settings of Limiter, under {@code limiter}.
 */
@ConfigurationProperties("limiter")
public class LimiterProperties {

	/** What a decision is when the backend fails or does not answer in time, for limits that set none. */
	private FailurePolicy failurePolicy = RedisBackend.DEFAULT_FAILURE_POLICY;

	/**
	 * Instances of the service that share each limit: under local-fallback each decides with capacity / this,
	 * rounded up. Counted through a heartbeat in Redis when not set.
	 */
	private Integer fallbackInstances;

	/** The limits, by name; each may have named plans, chosen per key by a LimitPlanResolver bean. */
	private final Map<String, LimitSettings> limits = new LinkedHashMap<>();

	private final Redis redis = new Redis();

	private final Memory memory = new Memory();

	private final Filter filter = new Filter();

	private final Aspect aspect = new Aspect();

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

	public Redis getRedis() {
		return this.redis;
	}

	public Memory getMemory() {
		return this.memory;
	}

	public Filter getFilter() {
		return this.filter;
	}

	public Aspect getAspect() {
		return this.aspect;
	}

	/**
	 * Settings of one limit: its one rate ({@code capacity} and {@code period}), or its {@code rates}.
	 */
	public static class LimitSettings extends RateSettings {

		/** Algorithm: token-bucket, gcra, fixed-window, sliding-window-counter or sliding-window-log. */
		private Algorithm algorithm = Algorithm.TOKEN_BUCKET;

		/** Several rates that must all allow a request, each a capacity and a period; instead of capacity/period. */
		private final List<RateSettings> rates = new ArrayList<>();

		/** Whether denials are only counted and logged, never enforced. */
		private boolean shadow;

		/** What a decision is when the backend fails; the global 'limiter.failure-policy' when not set. */
		private FailurePolicy failurePolicy;

		private final LocalTierSettings localTier = new LocalTierSettings();

		/**
		 * Named plans beside the limit's own capacity and period (the plan 'default'), chosen per key by a
		 * LimitPlanResolver bean; they share each key's state.
		 */
		private final Map<String, PlanSettings> plans = new LinkedHashMap<>();

		public Algorithm getAlgorithm() {
			return this.algorithm;
		}

		public void setAlgorithm(Algorithm algorithm) {
			this.algorithm = algorithm;
		}

		public List<RateSettings> getRates() {
			return this.rates;
		}

		public boolean isShadow() {
			return this.shadow;
		}

		public void setShadow(boolean shadow) {
			this.shadow = shadow;
		}

		public FailurePolicy getFailurePolicy() {
			return this.failurePolicy;
		}

		public void setFailurePolicy(FailurePolicy failurePolicy) {
			this.failurePolicy = failurePolicy;
		}

		public LocalTierSettings getLocalTier() {
			return this.localTier;
		}

		public Map<String, PlanSettings> getPlans() {
			return this.plans;
		}

	}

	/**
	 * One named plan of a limit: its numbers for the keys a LimitPlanResolver puts on it: a capacity and a period,
	 * each the limit's when not set, or its own list of rates.
	 */
	public static class PlanSettings extends RateSettings {

		/** The algorithm, when set, must be the limit's: the plans of a limit share each key's state. */
		private Algorithm algorithm;

		/** Several rates of the plan, each a capacity and a period; instead of capacity/period. */
		private final List<RateSettings> rates = new ArrayList<>();

		public List<RateSettings> getRates() {
			return this.rates;
		}

		public Algorithm getAlgorithm() {
			return this.algorithm;
		}

		public void setAlgorithm(Algorithm algorithm) {
			this.algorithm = algorithm;
		}

	}

	/**
	 * One rate: of a limit of one rate its own settings, else one of its {@code rates}.
	 */
	public static class RateSettings {

		/** Permits per period, which is also the burst of the bucket algorithms. */
		private Long capacity;

		/** Period over which 'capacity' permits are granted, or the window length. */
		private Duration period;

		public Long getCapacity() {
			return this.capacity;
		}

		public void setCapacity(Long capacity) {
			this.capacity = capacity;
		}

		public Duration getPeriod() {
			return this.period;
		}

		public void setPeriod(Duration period) {
			this.period = period;
		}

	}

	/**
	 * The local tier of one limit on Redis: decisions kept off the network.
	 */
	public static class LocalTierSettings {

		/** block (deny keys known to be exhausted in memory), none or two-tier (also spend borrowed batches). */
		private LocalTier.Mode mode = LocalTier.Mode.BLOCK;

		/** How long borrowed tokens may be held before they are given back. */
		private Duration lease = LocalTier.DEFAULT_LEASE;

		/** The largest batch one instance borrows, as a share of the capacity. */
		private double maxBatchShare = LocalTier.DEFAULT_MAX_BATCH_SHARE;

		/** The most keys whose local state one instance keeps. */
		private int maximumKeys = LocalTier.DEFAULT_MAXIMUM_KEYS;

		public LocalTier.Mode getMode() {
			return this.mode;
		}

		public void setMode(LocalTier.Mode mode) {
			this.mode = mode;
		}

		public Duration getLease() {
			return this.lease;
		}

		public void setLease(Duration lease) {
			this.lease = lease;
		}

		public double getMaxBatchShare() {
			return this.maxBatchShare;
		}

		public void setMaxBatchShare(double maxBatchShare) {
			this.maxBatchShare = maxBatchShare;
		}

		public int getMaximumKeys() {
			return this.maximumKeys;
		}

		public void setMaximumKeys(int maximumKeys) {
			this.maximumKeys = maximumKeys;
		}

	}

	/**
	 * Redis settings; with no URL, cluster nodes or Sentinel setup the limits live in memory.
	 */
	public static class Redis {

		/** URL of a standalone server: redis://[user:password@]host:port[/database], or rediss:// for TLS. */
		private String url;

		/**
		 * Longest deadline of a Redis call. Each call's deadline adapts to the latency observed, between the
		 * minimum timeout and this; set both to the same value for a fixed deadline.
		 */
		private Duration timeout = RedisBackend.DEFAULT_TIMEOUT;

		/** Shortest deadline of a Redis call; lowered to the timeout when larger. */
		private Duration minimumTimeout = RedisBackend.DEFAULT_MINIMUM_TIMEOUT;

		/**
		 * PEM file of the certificates (such as a private certificate authority) that a rediss:// server's or
		 * cluster node's certificate chain must end in, instead of the JVM's trust store.
		 */
		private Path trustedCertificates;

		/**
		 * Whether to connect to the Redis that Spring Data Redis is configured for (spring.data.redis.url, host,
		 * port, database, username, password, ssl.enabled, cluster.nodes or sentinel.master and sentinel.nodes)
		 * when no URL, cluster nodes or Sentinel setup are set here.
		 */
		private boolean useSpringDataRedis;

		/** How long start-up waits for the first connection; the application starts anyway when it passes. */
		private Duration startupWait = Duration.ofSeconds(2);

		private final Cluster cluster = new Cluster();

		private final Sentinel sentinel = new Sentinel();

		public String getUrl() {
			return this.url;
		}

		public void setUrl(String url) {
			this.url = url;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

		public Duration getMinimumTimeout() {
			return this.minimumTimeout;
		}

		public void setMinimumTimeout(Duration minimumTimeout) {
			this.minimumTimeout = minimumTimeout;
		}

		public Path getTrustedCertificates() {
			return this.trustedCertificates;
		}

		public void setTrustedCertificates(Path trustedCertificates) {
			this.trustedCertificates = trustedCertificates;
		}

		public boolean isUseSpringDataRedis() {
			return this.useSpringDataRedis;
		}

		public void setUseSpringDataRedis(boolean useSpringDataRedis) {
			this.useSpringDataRedis = useSpringDataRedis;
		}

		public Duration getStartupWait() {
			return this.startupWait;
		}

		public void setStartupWait(Duration startupWait) {
			this.startupWait = startupWait;
		}

		public Cluster getCluster() {
			return this.cluster;
		}

		public Sentinel getSentinel() {
			return this.sentinel;
		}

		/**
		 * Redis Cluster settings.
		 */
		public static class Cluster {

			/**
			 * Comma-separated host:port of some nodes of a Redis Cluster, or their redis:// (rediss:// for TLS)
			 * URLs when the cluster needs credentials; those of the first node are used for every node.
			 */
			private String nodes;

			public String getNodes() {
				return this.nodes;
			}

			public void setNodes(String nodes) {
				this.nodes = nodes;
			}

		}

		/**
		 * Redis Sentinel settings: the limits live on the master that the Sentinels name, followed after a
		 * failover.
		 */
		public static class Sentinel {

			/** Name under which the Sentinels monitor the master (sentinel monitor <name> ...). */
			private String master;

			/**
			 * Sentinels, as host:port (comma-separated or a list), or their redis:// (rediss:// for TLS) URLs when
			 * they need credentials; the master and its replicas are reached with those of the first one.
			 */
			private List<String> nodes;

			public String getMaster() {
				return this.master;
			}

			public void setMaster(String master) {
				this.master = master;
			}

			public List<String> getNodes() {
				return this.nodes;
			}

			public void setNodes(List<String> nodes) {
				this.nodes = nodes;
			}

		}

	}

	/**
	 * Settings of the in-memory backend.
	 */
	public static class Memory {

		/** Most keys whose state one limit keeps; only idle keys are forgotten, new keys beyond it share one overflow state. */
		private int maximumKeysPerLimit = InMemoryBackend.DEFAULT_MAXIMUM_KEYS_PER_LIMIT;

		public int getMaximumKeysPerLimit() {
			return this.maximumKeysPerLimit;
		}

		public void setMaximumKeysPerLimit(int maximumKeysPerLimit) {
			this.maximumKeysPerLimit = maximumKeysPerLimit;
		}

	}

	/**
	 * Settings of the filter: the servlet filter in a servlet application, the WebFlux filter in a reactive one.
	 */
	public static class Filter {

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
		private List<Rule> rules = new ArrayList<>();

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

		public List<Rule> getRules() {
			return this.rules;
		}

		public void setRules(List<Rule> rules) {
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
		 * One filter rule.
		 */
		public static class Rule {

			/** Path patterns (Spring PathPattern syntax, such as /api/**) of the requests; empty for all. */
			private List<String> paths = new ArrayList<>();

			/** HTTP methods of the requests; empty for all. */
			private List<String> methods = new ArrayList<>();

			/** Name of the limit to apply. */
			private String limit;

			/** Key: ip, header:<Name>, principal, or a SpEL expression over the request (servlet or reactive). */
			private String key = "ip";

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

	/**
	 * Settings of the {@code @RateLimited} aspect.
	 */
	public static class Aspect {

		/** Order of the aspect among the advice of a method; lower runs first, outside transactions by default. */
		private int order = Integer.MAX_VALUE - 100;

		public int getOrder() {
			return this.order;
		}

		public void setOrder(int order) {
			this.order = order;
		}

	}

}
