package io.limiter.internal.local;

import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Takes tokens of one limit from Redis in batches and gives unused ones back, with the borrow script of the
 * limit's algorithm. The scripts work on the keys and the state of the algorithm's decision script, so
 * limiters with and without a local tier share one budget.
 * <p>
 * Every script takes {@code capacity, period_ms, want_ticks, now_ms (< 0: server TIME), need_ticks}: a
 * positive {@code want_ticks} takes {@code min(available, want_ticks)} when at least {@code need_ticks} are
 * available and nothing otherwise; a negative one gives ticks back, up to a full bucket. It answers
 * {@code {borrowed_ticks, retry_ms, ticks_left}}, all integers.
 */
final class Borrower {

	private static final Map<Algorithm, RedisScript> SCRIPTS = new EnumMap<>(
			Map.of(Algorithm.TOKEN_BUCKET, RedisScript.load(Borrower.class, "token-bucket-borrow.lua"), Algorithm.GCRA,
					RedisScript.load(Borrower.class, "gcra-borrow.lua")));

	private static final String SERVER_TIME = "-1";

	private final RedisScript script;

	private final ScriptExecutor executor;

	private final LimiterClock clientClock;

	private final String capacity;

	private final String periodMillis;

	Borrower(Limit limit, ScriptExecutor executor, LimiterClock clientClock) {
		this.script = SCRIPTS.get(limit.algorithm());
		if (this.script == null) {
			throw new IllegalArgumentException("algorithm " + limit.algorithm().configName() + " cannot borrow");
		}
		this.executor = executor;
		this.clientClock = clientClock;
		this.capacity = Long.toString(limit.rates().get(0).capacity());
		this.periodMillis = Long.toString(limit.rates().get(0).periodMillis());
	}

	/**
	 * Returns whether tokens of a limit can be borrowed: one borrow takes from one bucket, so a limit of several
	 * rates, whose batch would have to be debited from every rate at once, is not borrowed from.
	 * @param limit the limit
	 * @return {@code true} for the bucket algorithms with one rate
	 */
	static boolean supports(Limit limit) {
		return SCRIPTS.containsKey(limit.algorithm()) && !limit.hasSeveralRates();
	}

	/**
	 * Returns every borrow script, to load them ahead of the first call.
	 * @return the scripts
	 */
	static Collection<RedisScript> scripts() {
		return List.copyOf(SCRIPTS.values());
	}

	CompletionStage<Borrow> borrow(String[] keys, long wantTicks, long needTicks) {
		return call(keys, wantTicks, needTicks);
	}

	CompletionStage<Borrow> giveBack(String[] keys, long ticks) {
		return call(keys, -ticks, 0);
	}

	private CompletionStage<Borrow> call(String[] keys, long wantTicks, long needTicks) {
		String now = (this.clientClock != null) ? Long.toString(this.clientClock.millis()) : SERVER_TIME;
		return this.executor
			.execute(this.script, keys, this.capacity, this.periodMillis, Long.toString(wantTicks), now,
					Long.toString(needTicks))
			.thenApply((reply) -> new Borrow((Long) reply.get(0), (Long) reply.get(1), (Long) reply.get(2)));
	}

}
