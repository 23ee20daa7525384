package io.limiter.jmh.baseline;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.KeyValue;
import io.lettuce.core.TransactionResult;
import io.lettuce.core.api.sync.RedisCommands;
import io.limiter.Limit;
import io.limiter.LimiterClock;

/**
 * The optimistic baseline of "Benchmarking Token Bucket Rate Limiters", kept only for comparison: {@code WATCH} the key, read it with
 * {@code HMGET}, compute in Java, and write it in {@code MULTI}/{@code HSET}/{@code PEXPIRE}/{@code EXEC},
 * which Redis aborts when another client changed the key in between; then start again. Correct, but every
 * abort costs a round of commands, so it collapses on a hot key. Never use this in production.
 * <p>
 * WATCH belongs to a connection, so each thread gets connections of its own, one per server it talks to.
 */
public final class WatchMultiExecTokenBucket {

	/** How many times one decision is tried before it gives up as denied. */
	public static final int MAX_ATTEMPTS = 64;

	private final NodeConnections connections;

	private final ThreadLocal<Map<String, RedisCommands<String, String>>> perThread = ThreadLocal
		.withInitial(HashMap::new);

	private final Limit limit;

	private final LimiterClock clock;

	/**
	 * Creates the baseline.
	 * @param connections opens the connections of each thread
	 * @param limit the token bucket limit
	 * @param clock the client clock whose time is used
	 */
	public WatchMultiExecTokenBucket(NodeConnections connections, Limit limit, LimiterClock clock) {
		this.connections = connections;
		this.limit = limit;
		this.clock = clock;
	}

	/**
	 * Takes one permit for a key, retrying on every abort up to {@link #MAX_ATTEMPTS} times.
	 * @param key the Redis key
	 * @param tally counts the commands sent and the aborts
	 * @return whether the permit was granted; {@code false} also when every attempt was aborted
	 */
	public boolean tryAcquire(String key, CallTally tally) {
		RedisCommands<String, String> commands = this.perThread.get()
			.computeIfAbsent(this.connections.ownerOf(key), (owner) -> this.connections.open(owner).sync());
		for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
			long now = this.clock.millis();
			commands.watch(key);
			List<KeyValue<String, String>> fields = commands.hmget(key, MultiCommandTokenBucket.TOKENS,
					MultiCommandTokenBucket.TIMESTAMP);
			BucketState.Step step = MultiCommandTokenBucket.read(this.limit, fields, now).take(this.limit, now);
			if (!step.allowed()) {
				commands.unwatch();
				tally.commands(3);
				return false;
			}
			commands.multi();
			commands.hset(key, MultiCommandTokenBucket.fields(step.next()));
			commands.pexpire(key, MultiCommandTokenBucket.ttlMillis(this.limit));
			TransactionResult result = commands.exec();
			tally.commands(6);
			if (!result.wasDiscarded()) {
				return true;
			}
			tally.aborted();
		}
		return false;
	}

}
