package io.limiter.jmh.baseline;

import java.util.List;
import java.util.Map;

import io.lettuce.core.KeyValue;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.limiter.Limit;
import io.limiter.LimiterClock;

/**
 * The non-atomic baseline of "Benchmarking Token Bucket Rate Limiters", kept only for comparison: read the bucket with {@code HMGET}, compute in
 * Java, write it back with {@code HSET} and {@code PEXPIRE}. Three round trips, and nothing stops two clients
 * from reading the same state and both spending the same token, so it grants more than its limit under
 * concurrency. Never use this in production.
 */
public final class MultiCommandTokenBucket {

	static final String TOKENS = "tokens";

	static final String TIMESTAMP = "ts";

	private final RedisClusterCommands<String, String> commands;

	private final Limit limit;

	private final LimiterClock clock;

	/**
	 * Creates the baseline.
	 * @param commands thread-safe commands over a shared connection
	 * @param limit the token bucket limit
	 * @param clock the client clock whose time is used
	 */
	public MultiCommandTokenBucket(RedisClusterCommands<String, String> commands, Limit limit, LimiterClock clock) {
		this.commands = commands;
		this.limit = limit;
		this.clock = clock;
	}

	/**
	 * Takes one permit for a key if the state read says there is one; always writes the state back, as the
	 * seed's version does.
	 * @param key the Redis key
	 * @param tally counts the commands sent
	 * @return whether the permit was granted
	 */
	public boolean tryAcquire(String key, CallTally tally) {
		long now = this.clock.millis();
		List<KeyValue<String, String>> fields = this.commands.hmget(key, TOKENS, TIMESTAMP);
		BucketState.Step step = read(this.limit, fields, now).take(this.limit, now);
		this.commands.hset(key, fields(step.next()));
		this.commands.pexpire(key, ttlMillis(this.limit));
		tally.commands(3);
		return step.allowed();
	}

	static BucketState read(Limit limit, List<KeyValue<String, String>> fields, long now) {
		return BucketState.read(limit, fields.get(0).getValueOrElse(null), fields.get(1).getValueOrElse(null), now);
	}

	static Map<String, String> fields(BucketState state) {
		return Map.of(TOKENS, Long.toString(state.ticks()), TIMESTAMP, Long.toString(state.timestamp()));
	}

	static long ttlMillis(Limit limit) {
		return 2 * limit.periodMillis();
	}

}
