package io.limiter.jmh.redis;

import java.util.Set;

/**
 * Reads the {@code INFO commandstats} section of a Redis server: how many commands it has served.
 * <p>
 * Housekeeping is left out (the INFO calls that measure, replication acknowledgements, cluster topology
 * queries), so that a difference of two readings counts what a client sent for its work.
 */
public final class CommandStats {

	private static final Set<String> HOUSEKEEPING = Set.of("info", "replconf", "psync", "sync", "cluster", "client",
			"ping", "hello", "command", "config", "time", "select", "auth", "readonly", "role", "script");

	private CommandStats() {
	}

	/**
	 * Sums the calls of every command in an {@code INFO commandstats} reply, housekeeping excluded.
	 * @param info the reply, lines such as {@code cmdstat_evalsha:calls=12,usec=30,...}
	 * @return the number of calls
	 * @throws IllegalArgumentException quoting the line when a command line has no calls count
	 */
	public static long workCalls(String info) {
		long total = 0;
		for (String line : info.split("\r?\n")) {
			if (!line.startsWith("cmdstat_")) {
				continue;
			}
			int colon = line.indexOf(':');
			String command = line.substring("cmdstat_".length(), (colon < 0) ? line.length() : colon);
			if (!isHousekeeping(command.split("\\|")[0])) {
				total += calls(line, colon);
			}
		}
		return total;
	}

	/**
	 * Returns whether a command is housekeeping rather than a client's work.
	 * @param command the command's name, lower case
	 * @return {@code true} for the commands that measure, replicate, query the topology or set a connection up
	 */
	static boolean isHousekeeping(String command) {
		return HOUSEKEEPING.contains(command);
	}

	private static long calls(String line, int colon) {
		int start = line.indexOf("calls=", colon);
		if (colon < 0 || start < 0) {
			throw new IllegalArgumentException("commandstats line has no calls count: '" + line + "'");
		}
		start += "calls=".length();
		int end = start;
		while (end < line.length() && Character.isDigit(line.charAt(end))) {
			end++;
		}
		if (end == start) {
			throw new IllegalArgumentException("commandstats line has no calls count: '" + line + "'");
		}
		return Long.parseLong(line.substring(start, end));
	}

}
