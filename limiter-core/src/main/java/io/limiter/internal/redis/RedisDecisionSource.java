package io.limiter.internal.redis;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Function;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.Rate;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.StateKeys;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.internal.algorithm.WindowSchedule;

/**
 * Decides one limit in Redis: one script call per decision, on the node that owns the key. A limit of several rates
 * is decided by its algorithm's script of several rates, with one key per rate under the key's one hash tag.
 */
public final class RedisDecisionSource implements DecisionSource {

	private static final String SERVER_TIME = "-1";

	private static final String NO_PERMITS = "0";

	private static final String ONE_PERMIT = "1";

	private static final String READ_ONLY = "read-only";

	private static final String WRITE = "write";

	private static final String REFUND_GRANT = "refund-grant";

	private final String name;

	private final LimitAlgorithm algorithm;

	private final RedisScript script;

	private final RedisScript adjustScript;

	private final ScriptExecutor executor;

	private final LimiterClock clientClock;

	/** The client clock's time as the scripts' argument, or {@code null} to use the server's {@code TIME}. */
	private final ClockText clientTime;

	private final DecisionKeys decisionKeys;

	/** The answer of a decision of one permit, the most common, made once. */
	private final DecisionReply onePermit = new DecisionReply(1);

	private final long timeoutMillis;

	private final Limit limit;

	private final String capacity;

	/** Whether a rate is of the calendar, whose period argument is computed at each call. */
	private final boolean calendar;

	/** The clock whose time picks the calendar windows sent to the scripts: the client clock, else the system's. */
	private final LimiterClock calendarClock;

	/** The windows of every rate, which give the period argument of each. */
	private final WindowSchedule[] schedules;

	private final String periodMillis;

	/** The capacity and period of every rate after the first, after the mode argument; empty for one rate. */
	private final String[] furtherRates;

	/**
	 * Creates a source.
	 * @param keys the keys of the backend's namespace
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param executor runs the scripts
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @param timeout the longest a synchronous decision waits
	 */
	public RedisDecisionSource(StateKeys keys, String name, Limit limit, ScriptExecutor executor,
			LimiterClock clientClock, Duration timeout) {
		this.name = name;
		this.algorithm = LimitAlgorithm.of(limit.algorithm());
		this.script = limit.hasSeveralRates() ? this.algorithm.severalRatesScript() : this.algorithm.script();
		this.adjustScript = limit.hasSeveralRates() ? this.algorithm.severalRatesAdjustScript()
				: this.algorithm.adjustScript();
		this.executor = executor;
		this.clientClock = clientClock;
		this.clientTime = (clientClock != null) ? new ClockText(clientClock) : null;
		this.timeoutMillis = timeout.toMillis();
		this.limit = limit;
		this.capacity = Long.toString(limit.rates().get(0).capacity());
		this.calendar = limit.rates().stream().anyMatch(Rate::isCalendar);
		this.calendarClock = (clientClock != null) ? clientClock : LimiterClock.system();
		this.schedules = limit.rates().stream().map(WindowSchedule::of).toArray(WindowSchedule[]::new);
		this.periodMillis = this.schedules[0].scriptPeriod(0);
		this.furtherRates = furtherRates(0);
		this.decisionKeys = new DecisionKeys(keys, name, this.algorithm, limit.rates().size());
	}

	/**
	 * Returns the capacity and period argument of every rate after the first.
	 * @param clientMillis the client's time, which places the windows of a calendar rate
	 */
	private String[] furtherRates(long clientMillis) {
		String[] further = new String[2 * (this.limit.rates().size() - 1)];
		for (int i = 1; i < this.limit.rates().size(); i++) {
			further[2 * i - 2] = Long.toString(this.limit.rates().get(i).capacity());
			further[2 * i - 1] = this.schedules[i].scriptPeriod(clientMillis);
		}
		return further;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Waits for the script's reply and reads it on the calling thread, which spares the thread that completes the
	 * call (Lettuce's event loop, which every call shares) that work and a stage.
	 */
	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		List<Object> reply = RedisCalls.await(send(key, permits, maxWaitMillis), this.timeoutMillis, this.name);
		return toDecision(reply, permits);
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		return send(key, permits, maxWaitMillis).handle((permits == 1) ? this.onePermit : new DecisionReply(permits));
	}

	private CompletionStage<List<Object>> send(String key, long permits, long maxWaitMillis) {
		return this.executor.execute(this.script, this.decisionKeys.of(key),
				arguments(count(permits), (maxWaitMillis == 0) ? NO_PERMITS : Long.toString(maxWaitMillis), false));
	}

	private static String count(long permits) {
		return (permits == 1) ? ONE_PERMIT : (permits == 0) ? NO_PERMITS : Long.toString(permits);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Runs the algorithm's script for zero permits in its read-only mode, which writes nothing.
	 */
	@Override
	public Decision peek(String key) {
		return RedisCalls.await(call(this.script, key, arguments(NO_PERMITS, NO_PERMITS, true),
				(reply) -> toDecision(reply, 0)), this.timeoutMillis, this.name);
	}

	/**
	 * Returns the arguments of a call: for one rate {@code capacity, period_ms, permits, now_ms, max_wait_ms} (an admin
	 * script's operation in place of the wait) and the mode of a look, for several rates the mode always, and the
	 * further rates after it; a calendar rate's period is its windows around the client's time
	 * ({@link WindowSchedule#scriptPeriod(long)}).
	 */
	private String[] arguments(String permits, String maxWaitMillis, boolean look) {
		String now = (this.clientTime != null) ? this.clientTime.now() : SERVER_TIME;
		String period = this.periodMillis;
		String[] further = this.furtherRates;
		if (this.calendar) {
			long clientMillis = (this.clientClock != null) ? Long.parseLong(now) : this.calendarClock.millis();
			period = this.schedules[0].scriptPeriod(clientMillis);
			further = furtherRates(clientMillis);
		}
		if (further.length == 0) {
			return look ? new String[] { this.capacity, period, permits, now, maxWaitMillis, READ_ONLY }
					: new String[] { this.capacity, period, permits, now, maxWaitMillis };
		}
		String[] args = new String[6 + further.length];
		args[0] = this.capacity;
		args[1] = period;
		args[2] = permits;
		args[3] = now;
		args[4] = maxWaitMillis;
		args[5] = look ? READ_ONLY : WRITE;
		System.arraycopy(further, 0, args, 6, further.length);
		return args;
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		return RedisCalls.await(adjustAsync(key, operation, permits), this.timeoutMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One call of the algorithm's admin script on the node that owns the key, with the arguments of a decision and
	 * the operation in place of the wait: every rate of a limit of several rates is adjusted in that one call, so
	 * atomically.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		String[] args = arguments(Long.toString(permits), operation.configName(), false);
		return call(this.adjustScript, key, args, (reply) -> AdminOperation.Outcome.APPLIED);
	}

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		return RedisCalls.await(refundAsync(key, receipt), this.timeoutMillis, this.name);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * One call of the algorithm's admin script, as for {@link #adjustAsync}, with the operation {@code refund-grant}
	 * and the receipt's marks after the other arguments; a receipt of another number of rates is not sent.
	 */
	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		if (receipt.size() != 2 * this.limit.rates().size()) {
			return CompletableFuture.completedFuture(AdminOperation.Outcome.APPLIED);
		}
		String[] args = arguments(Long.toString(receipt.permits()), REFUND_GRANT, false);
		String[] withMarks = Arrays.copyOf(args, args.length + receipt.size());
		for (int i = 0; i < receipt.size(); i++) {
			withMarks[args.length + i] = Long.toString(receipt.mark(i));
		}
		return call(this.adjustScript, key, withMarks, (reply) -> AdminOperation.Outcome.APPLIED);
	}

	private <T> CompletionStage<T> call(RedisScript script, String key, String[] args,
			Function<List<Object>, T> answer) {
		return this.executor.execute(script, this.decisionKeys.of(key), args).handle((reply, failure) -> {
			if (failure != null) {
				throw RedisCalls.failure(this.name, failure);
			}
			return answer.apply(reply);
		});
	}

	/**
	 * Reads a decision script's answer: the answer of one rate, or of several with the reported rate's index after it,
	 * and then the marks of a grant's receipt, two per rate.
	 */
	private Decision toDecision(List<Object> reply, long permits) {
		int marks = this.limit.hasSeveralRates() ? 6 : 5;
		int rate = (marks == 6) ? ((Long) reply.get(5)).intValue() : 0;
		long limit = this.limit.rates().get(rate).capacity();
		boolean allowed = (Long) reply.get(0) == 1;
		long remaining = (Long) reply.get(1);
		long retryAfter = (Long) reply.get(2);
		long resetAfter = (Long) reply.get(3);
		long delay = (Long) reply.get(4);
		if (!allowed) {
			return Decisions.forRate(Decision.denied(limit, remaining, retryAfter, resetAfter), rate);
		}
		Decision decision = (delay > 0) ? Decision.reserved(limit, delay, resetAfter)
				: Decisions.forRate(Decision.allowed(limit, remaining, resetAfter), rate);
		return (permits > 0) ? Decisions.withReceipt(decision, receipt(reply, marks, permits)) : decision;
	}

	private static MarkedReceipt receipt(List<Object> reply, int from, long permits) {
		long[] marks = new long[reply.size() - from];
		for (int i = 0; i < marks.length; i++) {
			marks[i] = (Long) reply.get(from + i);
		}
		return MarkedReceipt.of(permits, marks);
	}

	/** Reads a decision script's reply, or passes its failure on as the limit's. */
	private final class DecisionReply implements BiFunction<List<Object>, Throwable, Decision> {

		private final long permits;

		DecisionReply(long permits) {
			this.permits = permits;
		}

		@Override
		public Decision apply(List<Object> reply, Throwable failure) {
			if (failure != null) {
				throw RedisCalls.failure(RedisDecisionSource.this.name, failure);
			}
			return toDecision(reply, this.permits);
		}

	}

}
