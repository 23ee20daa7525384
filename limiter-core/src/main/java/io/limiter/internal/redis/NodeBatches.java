package io.limiter.internal.redis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.lettuce.core.cluster.SlotHash;

/**
 * The decisions waiting for one node, and the batcher's calls in flight to it (see {@link DecisionBatcher}).
 * <p>
 * Calls are sent while holding this node's lock: sending only hands the command to the connection's event loop, and
 * it keeps the decisions in the order they came. The lock is reentrant, for a call that fails as it is sent and
 * answers at once.
 */
final class NodeBatches {

	private final Object lock = new Object();

	private final ScriptExecutor delegate;

	private final boolean cluster;

	private final int callsInFlight;

	private final int maxSize;

	private int inFlight;

	/** At most {@code maxSize} decisions, in the order they came. */
	private List<BatchCall.Waiting> waiting;

	NodeBatches(ScriptExecutor delegate, boolean cluster, int callsInFlight, int maxSize) {
		this.delegate = delegate;
		this.cluster = cluster;
		this.callsInFlight = callsInFlight;
		this.maxSize = maxSize;
		this.waiting = new ArrayList<>(maxSize);
	}

	/**
	 * Sends a decision at once when nothing waits and fewer than {@code callsInFlight} calls are in flight, else makes
	 * it wait for the next batch, which it sends when it is full.
	 */
	CompletionStage<List<Object>> submit(RedisScript script, String key, String[] args) {
		synchronized (this.lock) {
			if (this.waiting.isEmpty() && this.inFlight < this.callsInFlight) {
				CompletionStage<List<Object>> sent = send(script, new String[] { key }, args);
				sent.whenComplete((reply, failure) -> answered());
				return sent;
			}
			BatchCall.Waiting decision = new BatchCall.Waiting(script, key, args, new CompletableFuture<>());
			this.waiting.add(decision);
			if (this.waiting.size() >= this.maxSize) {
				sendWaiting();
			}
			return decision.answer();
		}
	}

	/**
	 * Counts a call as answered, and sends what waits when the calls in flight are below the bound again: before the
	 * answered call's decisions are handed back, so that the node has the next batch while they are.
	 */
	private void answered() {
		synchronized (this.lock) {
			this.inFlight--;
			if (!this.waiting.isEmpty() && this.inFlight < this.callsInFlight) {
				sendWaiting();
			}
		}
	}

	/** Sends every waiting decision: one call per script and, on a cluster, per slot. */
	private void sendWaiting() {
		List<BatchCall.Waiting> batch = this.waiting;
		this.waiting = new ArrayList<>(this.maxSize);
		Map<Object, List<BatchCall.Waiting>> groups = new LinkedHashMap<>();
		for (BatchCall.Waiting decision : batch) {
			Object group = this.cluster ? new SlotOfScript(decision.script(), SlotHash.getSlot(decision.key()))
					: decision.script();
			groups.computeIfAbsent(group, (ignored) -> new ArrayList<>()).add(decision);
		}
		for (List<BatchCall.Waiting> group : groups.values()) {
			BatchCall call = new BatchCall(group);
			send(call.script(), call.keys(), call.args()).whenComplete((reply, failure) -> {
				answered();
				call.answer(reply, failure);
			});
		}
	}

	/** Sends a call, counted in flight until it answers: the caller counts the answer. */
	private CompletionStage<List<Object>> send(RedisScript script, String[] keys, String[] args) {
		this.inFlight++;
		CompletionStage<List<Object>> sent;
		try {
			sent = this.delegate.execute(script, keys, args);
		}
		catch (RuntimeException ex) {
			sent = CompletableFuture.failedFuture(ex);
		}
		return sent;
	}

	private record SlotOfScript(RedisScript script, int slot) {
	}

}
