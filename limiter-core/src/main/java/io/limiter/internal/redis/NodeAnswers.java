package io.limiter.internal.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each node last answered a call, so that a call past its deadline can tell a busy node, which answered
 * other calls meanwhile, from a dead or hung one, which did not. The time is kept to the millisecond: each node's
 * is written at most once a millisecond, not by every answer.
 */
final class NodeAnswers {

	/** More nodes than any cluster has; past it, the times of nodes seen before are forgotten. */
	private static final int MAXIMUM_NODES = 1024;

	private static final long RESOLUTION_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

	private final Map<String, AtomicLong> lastAnswer = new ConcurrentHashMap<>();

	/**
	 * Records an answer of a node.
	 * @param node the node's id
	 * @param nowNanos {@link System#nanoTime()} of the answer
	 */
	void answered(String node, long nowNanos) {
		AtomicLong last = this.lastAnswer.get(node);
		if (last == null) {
			if (this.lastAnswer.size() >= MAXIMUM_NODES) {
				this.lastAnswer.clear();
			}
			last = this.lastAnswer.computeIfAbsent(node, (ignored) -> new AtomicLong(nowNanos));
		}
		if (nowNanos - last.get() > RESOLUTION_NANOS) {
			last.set(nowNanos);
		}
	}

	/**
	 * Returns whether a node answered a call after a time.
	 * @param node the node's id
	 * @param sinceNanos {@link System#nanoTime()} of the start of the call that did not get its answer
	 * @return {@code true} when the node answered something after it
	 */
	boolean answeredSince(String node, long sinceNanos) {
		AtomicLong last = this.lastAnswer.get(node);
		return last != null && last.get() - sinceNanos > 0;
	}

}
