package io.limiter.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Decides whether a Redis Cluster is ready for clients: every node reports {@code cluster_state:ok}, every replica
 * reports {@code master_link_status:up}, and every node's {@code CLUSTER SLOTS} covers all 16384 slots with the same
 * masters and replicas, all of them among the given nodes (so a killed node that still serves slots in the view of
 * the others keeps the cluster from being ready), and every node's {@code CLUSTER NODES}, the view a client's topology
 * is read from, calls exactly the nodes that report {@code role:slave} replicas (so a node that has just become a
 * replica but still looks like an empty master to some of the others keeps the cluster from being ready too).
 */
final class ClusterHealth {

	static final int SLOT_COUNT = 16384;

	private ClusterHealth() {
	}

	/**
	 * Waits until the nodes are ready, with exactly the given numbers of masters and replicas unless those are
	 * negative.
	 * @throws IllegalStateException naming the last problem seen if the nodes are not ready in time
	 */
	static void await(List<RespClient> nodes, int masters, int replicas, Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		String problem = problem(nodes, masters, replicas);
		while (problem != null) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Redis Cluster " + nodes + " was not ready within "
						+ timeout.toMillis() + " ms: " + problem);
			}
			Sleep.briefly();
			problem = problem(nodes, masters, replicas);
		}
	}

	/**
	 * Returns what keeps the nodes from being ready, or {@code null} if they are ready.
	 */
	static String problem(List<RespClient> nodes, int expectedMasters, int expectedReplicas) {
		int masters = 0;
		Set<String> replicas = new HashSet<>();
		Map<RespClient, Set<String>> replicasNamed = new LinkedHashMap<>();
		String agreedLayout = null;
		Set<String> addresses = nodes.stream().map(RespClient::toString).collect(Collectors.toSet());
		for (RespClient node : nodes) {
			try {
				String state = RespClient.field(node.text("CLUSTER", "INFO"), "cluster_state");
				if (!"ok".equals(state)) {
					return node + " reports cluster_state:" + state;
				}
				String replication = node.text("INFO", "replication");
				if ("master".equals(RespClient.field(replication, "role"))) {
					masters++;
				}
				else {
					replicas.add(node.toString());
					String link = RespClient.field(replication, "master_link_status");
					if (!"up".equals(link)) {
						return node + " reports master_link_status:" + link;
					}
				}
				SlotLayout layout = SlotLayout.of(node.call("CLUSTER", "SLOTS"));
				if (layout.coveredSlots() != SLOT_COUNT) {
					return node + " covers " + layout.coveredSlots() + " of " + SLOT_COUNT + " slots";
				}
				if (!addresses.containsAll(layout.addresses())) {
					return node + " sees slots served by nodes that are not live: " + layout.description();
				}
				if (agreedLayout == null) {
					agreedLayout = layout.description();
				}
				else if (!agreedLayout.equals(layout.description())) {
					return "nodes disagree on the slot layout: " + agreedLayout + " versus " + layout.description()
							+ " from " + node;
				}
				replicasNamed.put(node, replicasNamedBy(node.text("CLUSTER", "NODES"), addresses));
			}
			catch (IOException ex) {
				return node + " does not answer: " + ex.getMessage();
			}
		}
		if ((expectedMasters >= 0 && masters != expectedMasters)
				|| (expectedReplicas >= 0 && replicas.size() != expectedReplicas)) {
			return masters + " masters and " + replicas.size() + " replicas instead of " + expectedMasters + " and "
					+ expectedReplicas;
		}
		for (Map.Entry<RespClient, Set<String>> named : replicasNamed.entrySet()) {
			if (!named.getValue().equals(replicas)) {
				return named.getKey() + " names the replicas " + named.getValue() + " while the replicas are "
						+ replicas;
			}
		}
		return null;
	}

	/**
	 * The addresses among the given ones that a {@code CLUSTER NODES} reply flags as replicas. Each line reads
	 * {@code id host:port@cport[,hostname] flags master ...}.
	 */
	private static Set<String> replicasNamedBy(String clusterNodes, Set<String> addresses) {
		Set<String> named = new HashSet<>();
		for (String line : clusterNodes.split("\n")) {
			String[] fields = line.trim().split(" ");
			if (fields.length < 3) {
				continue;
			}
			String address = fields[1].split("@")[0];
			if (addresses.contains(address) && List.of(fields[2].split(",")).contains("slave")) {
				named.add(address);
			}
		}
		return named;
	}

	/**
	 * The slot ranges of a {@code CLUSTER SLOTS} reply with the addresses that serve them, in a canonical text form
	 * that is equal for equal layouts.
	 */
	private record SlotLayout(int coveredSlots, String description, Set<String> addresses) {

		static SlotLayout of(Object reply) {
			List<String> ranges = new ArrayList<>();
			Set<String> addresses = new HashSet<>();
			int covered = 0;
			for (Object item : (List<?>) reply) {
				List<?> range = (List<?>) item;
				long start = (Long) range.get(0);
				long end = (Long) range.get(1);
				covered += (int) (end - start + 1);
				List<String> replicas = new ArrayList<>();
				for (Object replica : range.subList(3, range.size())) {
					replicas.add(address(replica));
				}
				replicas.sort(null);
				String master = address(range.get(2));
				addresses.add(master);
				addresses.addAll(replicas);
				ranges.add(String.format("%05d-%05d=%s%s", start, end, master, replicas));
			}
			ranges.sort(null);
			return new SlotLayout(covered, String.join(" ", ranges), addresses);
		}

		private static String address(Object node) {
			List<?> fields = (List<?>) node;
			return fields.get(0) + ":" + fields.get(1);
		}

	}

}
