package io.limiter.spring.internal;

import java.lang.System.Logger.Level;
import java.time.Duration;

import org.springframework.expression.EvaluationContext;
import org.springframework.expression.Expression;

import io.limiter.LimiterClock;
import io.limiter.integration.ThrottledLog;

/**
 * A SpEL condition, parsed once at start-up, under which a filter rule or a {@code @RateLimited} limit does not
 * apply. An evaluation that fails, or gives anything but {@code true}, does not skip: the limit applies, and the
 * failure is logged (at most once a second per condition).
 */
public final class SkipCondition {

	private static final System.Logger logger = System.getLogger(SkipCondition.class.getName());

	private static final Duration FAILURE_LOG_INTERVAL = Duration.ofSeconds(1);

	/** A condition that never holds. */
	public static final SkipCondition NEVER = new SkipCondition(null, "");

	private final Expression expression;

	private final String where;

	private final ThrottledLog failures = new ThrottledLog(logger, FAILURE_LOG_INTERVAL, LimiterClock.system());

	/**
	 * Creates a condition.
	 * @param expression the parsed expression, or {@code null} for one that never holds
	 * @param where where it is set, for messages, such as {@code limiter.filter.rules[0].skip-if}
	 */
	public SkipCondition(Expression expression, String where) {
		this.expression = expression;
		this.where = where;
	}

	/**
	 * Returns whether the condition holds.
	 * @param context the context to evaluate it in
	 * @return {@code true} only when the expression gives {@code true}
	 */
	public boolean holds(EvaluationContext context) {
		if (this.expression == null) {
			return false;
		}
		try {
			return Boolean.TRUE.equals(this.expression.getValue(context, Boolean.class));
		}
		catch (RuntimeException ex) {
			this.failures.log(Level.WARNING, () -> this.where + " '" + this.expression.getExpressionString()
					+ "' failed, so the limit applies: " + ex);
			return false;
		}
	}

	/**
	 * Returns whether the condition can ever hold.
	 * @return {@code false} for {@link #NEVER}
	 */
	public boolean isSet() {
		return this.expression != null;
	}

}
