package io.limiter.internal.redis;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.lettuce.core.RedisCommandExecutionException;

/**
 * One call for waiting decisions of one script and slot: the script alone for one decision, else its batch form with
 * the keys and arguments laid out as {@code batch.lua} reads them; and the split of its answer into each decision's.
 */
final class BatchCall {

	/** The arguments of one decision in a batch: those of the script alone, the mode last, empty when absent. */
	static final int ARGS_PER_DECISION = 6;

	private static final String NO_MODE = "";

	private final List<Waiting> decisions;

	BatchCall(List<Waiting> decisions) {
		this.decisions = decisions;
	}

	/**
	 * {@return the batch form of the decisions' script, or the script alone for one decision}
	 */
	RedisScript script() {
		RedisScript script = this.decisions.get(0).script();
		return (this.decisions.size() == 1) ? script : script.batchForm();
	}

	/** {@return the key of each decision, in order} */
	String[] keys() {
		String[] keys = new String[this.decisions.size()];
		for (int i = 0; i < keys.length; i++) {
			keys[i] = this.decisions.get(i).key();
		}
		return keys;
	}

	/**
	 * {@return the arguments of the script alone for one decision; else of each decision, in order,
	 * {@value #ARGS_PER_DECISION} each}
	 */
	String[] args() {
		if (this.decisions.size() == 1) {
			return this.decisions.get(0).args();
		}
		String[] args = new String[ARGS_PER_DECISION * this.decisions.size()];
		Arrays.fill(args, NO_MODE);
		for (int i = 0; i < this.decisions.size(); i++) {
			String[] own = this.decisions.get(i).args();
			System.arraycopy(own, 0, args, ARGS_PER_DECISION * i, own.length);
		}
		return args;
	}

	/**
	 * Completes each decision with its part of the call's answer, or every one with the call's failure.
	 * @param reply the answer of {@link #script()}
	 * @param failure its failure, or {@code null}
	 */
	void answer(List<Object> reply, Throwable failure) {
		for (int i = 0; i < this.decisions.size(); i++) {
			CompletableFuture<List<Object>> answer = this.decisions.get(i).answer();
			if (failure != null) {
				answer.completeExceptionally(RedisCalls.unwrap(failure));
			}
			else if (this.decisions.size() == 1) {
				answer.complete(reply);
			}
			else {
				complete(answer, reply.get(i));
			}
		}
	}

	@SuppressWarnings("unchecked")
	private static void complete(CompletableFuture<List<Object>> answer, Object part) {
		if (part instanceof List<?> list) {
			answer.complete((List<Object>) list);
		}
		else {
			answer.completeExceptionally(new RedisCommandExecutionException(String.valueOf(part)));
		}
	}

	/**
	 * A decision waiting for the next batch of its node.
	 * @param script the script of one rate that decides it
	 * @param key its key
	 * @param args the script's arguments
	 * @param answer completed with the script's answer
	 */
	record Waiting(RedisScript script, String key, String[] args, CompletableFuture<List<Object>> answer) {
	}

}
