package io.limiter.contract;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The base of every algorithm's contract: the same expectations run against each backend by subclasses
 * that name their {@link BackendFixture}.
 */
public abstract class AlgorithmContract {

	private static final AtomicInteger names = new AtomicInteger();

	/** The clock of the backend under test, back at {@link ManualClock#START} before each test. */
	protected ManualClock clock;

	/**
	 * Returns the backend under test.
	 * @return the fixture
	 */
	protected abstract BackendFixture fixture();

	@BeforeEach
	void resetClock() {
		this.clock = fixture().clock();
		this.clock.reset();
	}

	/**
	 * Returns a limiter of a limit name no other test uses.
	 * @param algorithm the algorithm
	 * @param capacity the capacity
	 * @param period the period
	 * @return the limiter
	 */
	protected RateLimiter limiter(Algorithm algorithm, long capacity, Duration period) {
		String name = getClass().getSimpleName() + "-" + ProcessHandle.current().pid() + "-"
				+ names.incrementAndGet();
		return fixture().backend().limiter(name, Limit.of(algorithm, capacity, period));
	}

	/**
	 * Asserts an allowed decision.
	 * @param decision the decision
	 * @param remaining the expected remaining permits
	 * @param resetAfterMillis the expected reset-after
	 */
	protected static void assertAllowed(Decision decision, long remaining, long resetAfterMillis) {
		assertThat(decision).isEqualTo(Decision.allowed(decision.limit(), remaining, resetAfterMillis));
	}

	/**
	 * Asserts a denied decision.
	 * @param decision the decision
	 * @param remaining the expected remaining permits
	 * @param retryAfterMillis the expected retry-after
	 * @param resetAfterMillis the expected reset-after
	 */
	protected static void assertDenied(Decision decision, long remaining, long retryAfterMillis,
			long resetAfterMillis) {
		assertThat(decision)
			.isEqualTo(Decision.denied(decision.limit(), remaining, retryAfterMillis, resetAfterMillis));
	}

}
