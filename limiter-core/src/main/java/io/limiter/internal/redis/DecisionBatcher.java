package io.limiter.internal.redis;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Sends the decisions that wait for the same Redis node at the same moment together, in front of the executor that
 * runs the scripts. A decision waits only behind other calls: while fewer than {@code callsInFlight} of this
 * executor's calls to its node are unanswered and none waits, it goes out at once, alone, as without batching. Else
 * it joins the node's waiting decisions, which leave together when the earliest call in flight to the node answers,
 * or at once when {@code maxSize} of them wait.
 * <p>
 * Decisions leave as one call of their script's {@linkplain RedisScript#batchForm() batch form} per algorithm and, on
 * a cluster, per hash slot (a script's keys must share one); a group of one is a call of the script alone. Scripts
 * without a batch form (several rates, admin operations, the local tier's borrows, concurrency) pass straight
 * through. A batch answers each decision as its own call would have: its failure (a timeout, a node that died, a
 * connection refused) fails every decision in it, and each then goes through the failure policy as it would alone.
 * <p>
 * The decisions of one node leave in the order they came: a caller's decisions on one key are made in the order it
 * asked for them, batched or not.
 */
public final class DecisionBatcher implements ScriptExecutor {

	private final ScriptExecutor delegate;

	private final Function<String, String> nodeOf;

	private final boolean cluster;

	private final int callsInFlight;

	private final int maxSize;

	/** One entry per node: as many as the cluster has had masters since start. */
	private final Map<String, NodeBatches> nodes = new ConcurrentHashMap<>();

	/**
	 * Creates a batcher.
	 * @param delegate runs the scripts
	 * @param nodeOf the node that a key's calls go to now
	 * @param cluster whether Redis is a cluster, so that only keys of one slot share a call
	 * @param callsInFlight the calls in flight to a node before further decisions wait to go together, at least 1
	 * @param maxSize the most decisions in one batch, at least 2
	 */
	public DecisionBatcher(ScriptExecutor delegate, Function<String, String> nodeOf, boolean cluster,
			int callsInFlight, int maxSize) {
		this.delegate = delegate;
		this.nodeOf = nodeOf;
		this.cluster = cluster;
		this.callsInFlight = callsInFlight;
		this.maxSize = maxSize;
	}

	@Override
	public CompletionStage<List<Object>> execute(RedisScript script, String[] keys, String... args) {
		if (script.batchForm() == null || keys.length != 1 || args.length > BatchCall.ARGS_PER_DECISION) {
			return this.delegate.execute(script, keys, args);
		}
		return this.nodes
			.computeIfAbsent(this.nodeOf.apply(keys[0]),
					(node) -> new NodeBatches(this.delegate, this.cluster, this.callsInFlight, this.maxSize))
			.submit(script, keys[0], args);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Loads the script's batch form too, when it has one.
	 */
	@Override
	public CompletionStage<Void> load(RedisScript script) {
		CompletionStage<Void> loaded = this.delegate.load(script);
		return (script.batchForm() != null) ? loaded.thenCombine(this.delegate.load(script.batchForm()),
				(one, other) -> null) : loaded;
	}

	@Override
	public void close() {
		this.delegate.close();
	}

}
