package io.limiter.internal.algorithm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each number of a decision promises, checked on the in-memory implementations (the conformance test of memory
 * and Redis carries it over to the scripts): after every decision of a random sequence with a clock that never goes
 * back, the history is replayed into a fresh state and probed. {@code remaining} permits can be taken and one more
 * cannot; a denied request is still denied one millisecond before {@code retryAfter} and allowed at it; the key is
 * full at {@code resetAfter} and not one millisecond before; a look in between changes no later decision.
 * <p>
 * The oracle is the code under test: each probe replays the history into the same implementation, so these tests
 * show that a decision's numbers agree with that implementation's later decisions, not that the implementation
 * counts right (an algorithm that erred consistently would pass). The values themselves are pinned by the literal
 * tables of the contract suites ({@code io.limiter.contract}: {@code TokenBucketContract} and its siblings), which
 * these tests stand beside, never replace.
 */
class DecisionMeaningTests {

	private static final int STEPS = 400;

	private record Request(long at, long permits, long maxWait) {

	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void everyNumberOfEveryDecisionMeansWhatItSays(Algorithm algorithm) {
		for (long seed = 1; seed <= 6; seed++) {
			Random random = new Random(seed * 7919 + algorithm.ordinal());
			Limit limit = Limit.of(algorithm, 1 + random.nextInt(12), Duration.ofMillis(1 + random.nextInt(1500)));
			checkSequence(limit, random, seed);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void everyNumberOfADecisionOfSeveralRatesMeansWhatItSays(Algorithm algorithm) {
		for (long seed = 1; seed <= 6; seed++) {
			Random random = new Random(seed * 104_729 + algorithm.ordinal());
			Limit.Builder builder = Limit.builder(algorithm);
			long period = 1 + random.nextInt(500);
			for (int i = 0; i < 2 + random.nextInt(2); i++) {
				builder.rate(1 + random.nextInt(12), Duration.ofMillis(period));
				period = 2 * period + random.nextInt(1000);
			}
			checkSequence(builder.build(), random, seed);
		}
	}

	/**
	 * Decides a random sequence and checks each decision. Of a limit of several rates, the reset-after is the reported
	 * rate's, so the key need not be full then: it is not checked.
	 */
	private void checkSequence(Limit limit, Random random, long seed) {
		LimitAlgorithm algorithm = LimitAlgorithm.of(limit.algorithm());
		KeyState state = algorithm.newState(limit);
		List<Request> history = new ArrayList<>();
		long now = 1_700_000_000_000L + random.nextInt(1_000_000);
		for (int step = 0; step < STEPS; step++) {
			now += randomStep(random, limit.rates().get(random.nextInt(limit.rates().size())).periodMillis());
			long maxWait = (limit.algorithm().supportsReservations() && random.nextInt(4) == 0)
					? random.nextLong(2 * limit.rates().get(0).periodMillis()) : 0;
			Request request = new Request(now, random.nextLong(limit.maxPermits() + 1), maxWait);
			Decision decision = state.decide(request.at(), request.permits(), request.maxWait());
			history.add(request);
			String context = "seed " + seed + ", step " + step + ", " + limit + ", " + request + " -> " + decision;
			checkRemaining(algorithm, limit, history, decision, context);
			checkRetryAfter(algorithm, limit, history, request, decision, context);
			if (!limit.hasSeveralRates()) {
				checkResetAfter(algorithm, limit, history, decision, context);
			}
		}
	}

	private static long randomStep(Random random, long period) {
		return switch (random.nextInt(5)) {
			case 0 -> 0;
			case 1 -> 1 + random.nextInt(3);
			case 2 -> random.nextLong(period + 1);
			case 3 -> period;
			default -> random.nextLong(3 * period + 1);
		};
	}

	private void checkRemaining(LimitAlgorithm algorithm, Limit limit, List<Request> history, Decision decision,
			String context) {
		long now = history.get(history.size() - 1).at();
		if (decision.remaining() > 0) {
			assertThat(replay(algorithm, limit, history).decide(now, decision.remaining(), 0).isAllowed())
				.as("remaining permits can be taken: %s", context)
				.isTrue();
		}
		if (decision.remaining() < decision.limit()) {
			assertThat(replay(algorithm, limit, history).decide(now, decision.remaining() + 1, 0).isAllowed())
				.as("one more than remaining cannot: %s", context)
				.isFalse();
		}
	}

	private void checkRetryAfter(LimitAlgorithm algorithm, Limit limit, List<Request> history, Request request,
			Decision decision, String context) {
		if (decision.isAllowed()) {
			assertThat(decision.retryAfterMillis()).as(context).isZero();
			return;
		}
		assertThat(decision.retryAfterMillis()).as("a denial has a positive retry-after: %s", context).isPositive();
		List<Request> before = history.subList(0, history.size() - 1);
		long retryAt = request.at() + decision.retryAfterMillis();
		assertThat(replay(algorithm, limit, before).decide(retryAt - 1, request.permits(), 0).isAllowed())
			.as("denied just before retry-after: %s", context)
			.isFalse();
		assertThat(replay(algorithm, limit, before).decide(retryAt, request.permits(), 0).isAllowed())
			.as("allowed at retry-after: %s", context)
			.isTrue();
	}

	private void checkResetAfter(LimitAlgorithm algorithm, Limit limit, List<Request> history, Decision decision,
			String context) {
		long resetAt = history.get(history.size() - 1).at() + decision.resetAfterMillis();
		KeyState atReset = replay(algorithm, limit, history);
		assertThat(atReset.isIdle(resetAt)).as("idle at reset-after: %s", context).isTrue();
		assertThat(atReset.decide(resetAt, 0, 0))
			.as("full at reset-after: %s", context)
			.isEqualTo(Decision.allowed(limit.capacity(), limit.capacity(), 0));
		if (decision.resetAfterMillis() > 0) {
			KeyState before = replay(algorithm, limit, history);
			assertThat(before.isIdle(resetAt - 1)).as("not idle before reset-after: %s", context).isFalse();
			assertThat(before.decide(resetAt - 1, 0, 0).resetAfterMillis())
				.as("one millisecond from full just before reset-after: %s", context)
				.isEqualTo(1);
		}
	}

	private static KeyState replay(LimitAlgorithm algorithm, Limit limit, List<Request> history) {
		KeyState state = algorithm.newState(limit);
		for (Request request : history) {
			state.decide(request.at(), request.permits(), request.maxWait());
		}
		return state;
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void looksChangeNoLaterDecision(Algorithm algorithm) {
		Random random = new Random(42 + algorithm.ordinal());
		Limit limit = Limit.of(algorithm, 5, Duration.ofMillis(997));
		KeyState looked = LimitAlgorithm.of(algorithm).newState(limit);
		KeyState untouched = LimitAlgorithm.of(algorithm).newState(limit);
		long now = 1_700_000_000_000L;
		for (int step = 0; step < 2000; step++) {
			now += randomStep(random, limit.periodMillis());
			if (random.nextBoolean()) {
				looked.decide(now, 0, 0);
			}
			now += random.nextInt(5);
			long permits = random.nextLong(limit.capacity() + 1);
			assertThat(looked.decide(now, permits, 0)).as("step %d", step).isEqualTo(untouched.decide(now, permits, 0));
		}
	}

	@Test
	void gcraDecidesAsTheTokenBucketOfTheSameLimit() {
		Random random = new Random(7);
		for (int round = 0; round < 20; round++) {
			long capacity = 1 + random.nextInt(1000);
			Duration period = Duration.ofMillis(1 + random.nextInt(100_000));
			KeyState gcra = Gcra.INSTANCE.newState(Limit.of(Algorithm.GCRA, capacity, period));
			KeyState bucket = TokenBucket.INSTANCE.newState(Limit.of(Algorithm.TOKEN_BUCKET, capacity, period));
			long now = 1_700_000_000_000L;
			for (int step = 0; step < 1000; step++) {
				now += randomStep(random, period.toMillis());
				long permits = random.nextLong(capacity + 1);
				long maxWait = random.nextBoolean() ? random.nextLong(2 * period.toMillis()) : 0;
				assertThat(gcra.decide(now, permits, maxWait))
					.as("round %d step %d: %d per %s, %d permits, max wait %d", round, step, capacity, period,
							permits, maxWait)
					.isEqualTo(bucket.decide(now, permits, maxWait));
			}
		}
	}

}
