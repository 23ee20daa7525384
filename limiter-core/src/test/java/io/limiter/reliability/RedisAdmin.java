package io.limiter.reliability;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.SlotHash;

import io.limiter.testsupport.PrivateRedisCluster;
import io.limiter.testsupport.RedisNode;

/**
 * Administrative commands on one Redis node, each on a short-lived connection of its own, and what tests
 * need to know about a cluster's slots.
 */
final class RedisAdmin {

	/** One client for every call, as a client's threads are costly to start. */
	private static final RedisClient CLIENT = RedisClient.create();

	static {
		Runtime.getRuntime().addShutdownHook(new Thread(CLIENT::shutdown, "redis-admin-shutdown"));
	}

	private RedisAdmin() {
	}

	/**
	 * Runs commands on a node.
	 * @param <T> the result type
	 * @param uri the node
	 * @param call what to run
	 * @return what the call returned
	 */
	static <T> T call(String uri, Function<RedisCommands<String, String>, T> call) {
		try (StatefulRedisConnection<String, String> connection = CLIENT.connect(RedisURI.create(uri))) {
			return call.apply(connection.sync());
		}
	}

	/**
	 * Returns the keys of a node that match a pattern, by {@code SCAN}: {@code KEYS} takes a {@code String} from
	 * Lettuce 7 on and a key before, and Spring Boot 4.0 manages Lettuce 6.8.
	 * @param uri the node
	 * @param pattern the pattern
	 * @return the keys
	 */
	static List<String> keys(String uri, String pattern) {
		return call(uri, (commands) -> ScanIterator.scan(commands, ScanArgs.Builder.matches(pattern)).stream().toList());
	}

	/**
	 * Returns the master that serves a slot now, in the view of that master.
	 * @param <N> the type of the cluster's nodes
	 * @param cluster the cluster
	 * @param slot the slot
	 * @return the master
	 * @throws IllegalStateException when no live master claims the slot
	 */
	static <N extends RedisNode> N masterOf(PrivateRedisCluster<N> cluster, int slot) {
		for (N master : cluster.masters()) {
			if (ownSlots(master).contains(slot)) {
				return master;
			}
		}
		throw new IllegalStateException("no live master serves slot " + slot + " of " + cluster);
	}

	/**
	 * Returns the slots a node serves, in its own view.
	 * @param node the node
	 * @return the slots
	 */
	static List<Integer> ownSlots(RedisNode node) {
		String nodes = call(node.uri(), RedisCommands::clusterNodes);
		List<Integer> slots = new ArrayList<>();
		for (String line : nodes.split("\n")) {
			String[] fields = line.trim().split(" ");
			if (fields.length < 3 || !fields[2].contains("myself")) {
				continue;
			}
			for (int i = 8; i < fields.length; i++) {
				if (fields[i].startsWith("[")) {
					continue;
				}
				String[] range = fields[i].split("-");
				int first = Integer.parseInt(range[0]);
				int last = Integer.parseInt(range[range.length - 1]);
				for (int slot = first; slot <= last; slot++) {
					slots.add(slot);
				}
			}
		}
		return slots;
	}

	/**
	 * Returns the cluster node id of a node.
	 * @param node the node
	 * @return its id
	 */
	static String nodeId(RedisNode node) {
		return call(node.uri(), RedisCommands::clusterMyId);
	}

	/**
	 * Returns how many error replies of a kind some nodes sent, from their {@code INFO errorstats}.
	 * @param nodes the nodes
	 * @param prefix the first word of the error, such as {@code NOSCRIPT} or {@code MOVED}
	 * @return the sum of their counts
	 */
	static long errorReplies(List<? extends RedisNode> nodes, String prefix) {
		String field = "errorstat_" + prefix + ":count=";
		long count = 0;
		for (RedisNode node : nodes) {
			for (String line : call(node.uri(), (commands) -> commands.info("errorstats")).split("\r?\n")) {
				if (line.startsWith(field)) {
					count += Long.parseLong(line.substring(field.length()));
				}
			}
		}
		return count;
	}

	/**
	 * Returns the slot of a Redis key, as the client computes it.
	 * @param redisKey the key
	 * @return the slot
	 */
	static int slotOf(String redisKey) {
		return SlotHash.getSlot(redisKey);
	}

}
