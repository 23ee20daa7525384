package io.limiter.internal.redis;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks, at each connection, that no master of Limiter's Redis may evict its keys: a server with {@code maxmemory}
 * set evicts keys when its memory is full unless its {@code maxmemory-policy} is {@code noeviction}, and every key of
 * Limiter has a TTL, so the {@code volatile-*} policies evict them as readily as the {@code allkeys-*} ones. An
 * evicted key is a limit reset without a word. Each server found so is logged once as a warning and kept for the
 * health; a server whose configuration cannot be read (an ACL that denies {@code CONFIG}, a managed Redis that
 * renamed it) is said once at INFO, and never fails anything.
 */
public final class EvictionPolicyCheck {

	/** The only policy under which a server with {@code maxmemory} never evicts a key. */
	static final String SAFE_POLICY = "noeviction";

	private static final Logger LOG = System.getLogger("io.limiter");

	private final String server;

	private final Set<String> logged = ConcurrentHashMap.newKeySet();

	private volatile List<String> warnings = List.of();

	/**
	 * Starts checking: now if connected, and at every connection.
	 * @param executor the connection to the servers
	 * @param server names the server of a standalone connection, as the backend describes it
	 */
	public EvictionPolicyCheck(LettuceScriptExecutor<?> executor, String server) {
		this.server = server;
		executor.readConfigOnEveryConnection("maxmemory*", this::check);
	}

	/**
	 * Returns the warnings of the last check that could read the servers' configuration, one for each server that
	 * may evict Limiter's keys.
	 * @return the warnings, empty when every server is safe or none could be read
	 */
	public List<String> warnings() {
		return this.warnings;
	}

	private void check(Map<String, Map<String, String>> config, Throwable failure) {
		if (failure != null) {
			logOnce(Level.INFO, "Cannot check that Redis " + this.server + " never evicts Limiter's keys: CONFIG GET "
					+ "maxmemory* failed (" + FailureDescription.of(failure) + "); make sure that its "
					+ "maxmemory-policy is " + SAFE_POLICY + " or that maxmemory is 0");
			return;
		}
		List<String> found = new ArrayList<>();
		config.forEach((node, parameters) -> {
			if (mayEvict(parameters)) {
				found.add(warning(node.isEmpty() ? this.server : node, parameters));
			}
		});
		// logged before they are published, so that whoever sees the warnings finds them in the log
		found.forEach((warning) -> logOnce(Level.WARNING, warning));
		this.warnings = List.copyOf(found);
	}

	/**
	 * Returns whether a server's configuration lets it evict keys: a memory limit, and a policy other than
	 * {@code noeviction}.
	 */
	static boolean mayEvict(Map<String, String> parameters) {
		String maxmemory = parameters.get("maxmemory");
		String policy = parameters.get("maxmemory-policy");
		return maxmemory != null && !"0".equals(maxmemory) && policy != null && !SAFE_POLICY.equals(policy);
	}

	private static String warning(String server, Map<String, String> parameters) {
		return "Redis " + server + " has maxmemory-policy " + parameters.get("maxmemory-policy") + " with maxmemory "
				+ parameters.get("maxmemory") + " bytes: when its memory is full it evicts keys, Limiter's among "
				+ "them (each has a TTL, so volatile-* policies evict them as readily as allkeys-*), and each "
				+ "evicted key is a limit reset. Set maxmemory-policy " + SAFE_POLICY + ": a full Redis then refuses "
				+ "the scripts, the failure policy decides, and the limiter health says DEGRADED";
	}

	private void logOnce(Level level, String message) {
		if (this.logged.add(message)) {
			LOG.log(level, message);
		}
	}

}
