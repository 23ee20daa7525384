package io.limiter.internal.algorithm;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.AdminOperation;
import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LimiterObserver;
import io.limiter.contract.ManualClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.StateKeys;
import io.limiter.internal.memory.InMemoryStates;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.internal.redis.ScriptExecutor;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Each algorithm's Lua script against its in-memory implementation on the shared standalone server: equal decisions at every
 * step of seeded random sequences under one manual clock, admin operations (reset, added permits, penalty) among them;
 * server time; and the expiry of every key.
 * <p>
 * Redis expires keys in real time while the manual clock may stand still, so a key a few milliseconds from full
 * could vanish from Redis while memory still holds it. The random sequences therefore use periods of about an
 * hour, and when a decision leaves any rate of a key less than {@link #SAFE_TTL_MILLIS} from full, the clock is moved
 * to that time before the key is used again. A third view, the key states themselves, tells how far each rate is from
 * full.
 */
class MemoryAndRedisConformanceIntegrationTests {

	/** The admin operations that adjust a key; the refund of a grant goes through its receipt, below. */
	private static final AdminOperation[] ADJUSTMENTS = { AdminOperation.RESET, AdminOperation.ADD_PERMITS,
			AdminOperation.PENALTY };

	private static final long SEED = 0x5EED_2026L;

	private static final int STEPS = 2500;

	private static final String[] KEYS = { "a", "b", "c", "d" };

	private static final long SAFE_TTL_MILLIS = 5_000;

	/** What the scripts add to a key's time to live, for clients whose clocks differ ({@code CLOCK_SKEW_MS}). */
	private static final long TTL_SLACK_MILLIS = 1_000;

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final AtomicInteger names = new AtomicInteger();

	private static ScriptExecutor executor;

	private static RedisClient client;

	private static StatefulRedisConnection<String, String> connection;

	private static RedisCommands<String, String> redis;

	@BeforeAll
	static void connect() throws Exception {
		RedisURI uri = RedisURI.create(RedisFixtures.standalone().uri());
		LettuceScriptExecutor<?> connecting = RedisExecutors.standalone(uri, RedisExecutors.Settings.fixed(TIMEOUT));
		assertThat(connecting.awaitConnection(Duration.ofSeconds(10))).isTrue();
		executor = connecting;
		client = RedisClient.create(uri);
		connection = client.connect();
		redis = connection.sync();
	}

	@AfterAll
	static void disconnect() {
		connection.close();
		client.shutdown();
		executor.close();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void smallCapacityDecidesAlikeInMemoryAndInRedis(Algorithm algorithm) {
		long seed = SEED + algorithm.ordinal();
		Random random = new Random(seed);
		runSideBySide(Limit.of(algorithm, 1 + random.nextInt(9), Duration.ofMillis(3_600_000 + random.nextInt(10_000))),
				random, seed);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void largeCapacityDecidesAlikeInMemoryAndInRedis(Algorithm algorithm) {
		long seed = SEED * 31 + algorithm.ordinal();
		Random random = new Random(seed);
		runSideBySide(Limit.of(algorithm, 200 + random.nextInt(800), Duration.ofMillis(3_000_000 + random.nextInt(99_999))),
				random, seed);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aChangedCapacityOrPeriodDecidesAlikeInMemoryAndInRedis(Algorithm algorithm) {
		long seed = SEED * 17 + algorithm.ordinal();
		Random random = new Random(seed);
		long hour = Duration.ofHours(1).toMillis();
		List<Limit> limits = List.of(Limit.of(algorithm, 3 + random.nextInt(5), Duration.ofMillis(hour)),
				Limit.of(algorithm, 10 + random.nextInt(10), Duration.ofMillis(hour + random.nextInt(600_000))),
				Limit.of(algorithm, 1 + random.nextInt(3), Duration.ofMillis(hour / 2 + random.nextInt(600_000))));
		runSideBySide(limits, random, seed);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void severalRatesDecideAlikeInMemoryAndInRedis(Algorithm algorithm) {
		long seed = SEED * 13 + algorithm.ordinal();
		Random random = new Random(seed);
		runSideBySide(severalRates(algorithm, 2 + random.nextInt(2), random), random, seed);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aChangedLimitOfSeveralRatesDecidesAlikeInMemoryAndInRedis(Algorithm algorithm) {
		long seed = SEED * 19 + algorithm.ordinal();
		Random random = new Random(seed);
		runSideBySide(List.of(severalRates(algorithm, 2, random), severalRates(algorithm, 2, random),
				severalRates(algorithm, 2, random)), random, seed);
	}

	/**
	 * Returns a limit of random rates of about an hour and more: each rate's period at least doubles the one before,
	 * and its capacity may be smaller or larger.
	 */
	private static Limit severalRates(Algorithm algorithm, int rates, Random random) {
		Limit.Builder builder = Limit.builder(algorithm);
		long period = Duration.ofHours(1).toMillis() + random.nextInt(600_000);
		for (int i = 0; i < rates; i++) {
			builder.rate(1 + random.nextInt(12), Duration.ofMillis(period));
			period = 2 * period + random.nextInt(600_000);
		}
		return builder.build();
	}

	private void runSideBySide(Limit limit, Random random, long seed) {
		runSideBySide(List.of(limit), random, seed);
	}

	/**
	 * Runs a random sequence on both implementations; with several limits (of one algorithm), each step decides under one of
	 * them, picked at random, on the same name: the state of each key carries over from limit to limit.
	 */
	private void runSideBySide(List<Limit> limits, Random random, long seed) {
		ManualClock clock = new ManualClock();
		InMemoryStates memoryStates = new InMemoryStates(clock, 1000, "a test", LimiterObserver.NONE);
		String name = uniqueName(limits.get(0));
		List<DecisionSource> memories = limits.stream()
			.map((limit) -> (DecisionSource) memoryStates.source(name, limit))
			.toList();
		List<DecisionSource> redises = limits.stream()
			.map((limit) -> (DecisionSource) new RedisDecisionSource(StateKeys.NO_NAMESPACE, name, limit, executor,
					clock, TIMEOUT))
			.toList();
		int current = 0;
		Limit limit = limits.get(0);
		DecisionSource memory = memories.get(0);
		DecisionSource redis = redises.get(0);
		boolean reservations = limit.algorithm().supportsReservations();
		Map<String, KeyState> states = new HashMap<>();
		Map<String, Long> latestTime = new HashMap<>();
		Map<String, Long> untouchableUntil = new HashMap<>();
		Map<String, List<MarkedReceipt>> receipts = new HashMap<>();
		for (int step = 0; step < STEPS; step++) {
			if (limits.size() > 1 && random.nextInt(10) == 0) {
				current = random.nextInt(limits.size());
				limit = limits.get(current);
				memory = memories.get(current);
				redis = redises.get(current);
			}
			long period = limit.hasSeveralRates()
					? limit.rates().get(random.nextInt(limit.rates().size())).periodMillis() : limit.periodMillis();
			clock.advance(randomStep(random, clock.millis(), period));
			String key = KEYS[random.nextInt(KEYS.length)];
			clock.advance(Math.max(0, untouchableUntil.getOrDefault(key, 0L) - clock.millis()));
			long permits = random.nextLong(limit.maxPermits() + 1);
			long firstPeriod = limit.rates().get(0).periodMillis();
			long maxWait = (reservations && random.nextBoolean()) ? random.nextLong(2 * firstPeriod) : 0;
			AdminOperation operation = (random.nextInt(8) == 0) ? ADJUSTMENTS[random.nextInt(ADJUSTMENTS.length)] : null;
			if (operation != null) {
				// an admin operation, then a look at the key on both implementations
				long firstCapacity = limit.rates().get(0).capacity();
				long amount = (operation == AdminOperation.RESET) ? 0 : 1 + random.nextLong(2 * firstCapacity + 2);
				memory.adjust(key, operation, amount);
				redis.adjust(key, operation, amount);
				stateOf(states, key, limit).adjust(clock.millis(), operation, amount);
				if (operation == AdminOperation.RESET) {
					states.remove(key);
				}
				permits = 0;
				maxWait = 0;
			}
			else if (random.nextInt(8) == 0 && !receipts.getOrDefault(key, List.of()).isEmpty()) {
				// the refund of one of the key's grants, of this window or an older one, then a look at the key
				List<MarkedReceipt> granted = receipts.get(key);
				MarkedReceipt receipt = granted.remove(random.nextInt(granted.size()));
				memory.refund(key, receipt);
				redis.refund(key, receipt);
				stateOf(states, key, limit).refund(clock.millis(), receipt);
				permits = 0;
				maxWait = 0;
			}
			Decision expected = memory.decide(key, permits, maxWait);
			Decision actual = redis.decide(key, permits, maxWait);
			OptimisticState state = stateOf(states, key, limit);
			assertThat(actual)
				.as("seed %d, step %d: %s, key %s, %s, %d permits, max wait %d ms, now %d: in-memory %s, Redis %s",
						seed, step, limit, key, operation, permits, maxWait, clock.millis(), expected, actual)
				.isEqualTo(expected)
				.isEqualTo(state.decide(clock.millis(), permits, maxWait));
			MarkedReceipt receipt = MarkedReceipt.in(actual);
			if (receipt != null) {
				receipts.computeIfAbsent(key, (any) -> new ArrayList<>()).add(receipt);
			}
			long keyTime = Math.max(clock.millis(), latestTime.getOrDefault(key, Long.MIN_VALUE));
			latestTime.put(key, keyTime);
			long soonestFull = soonestFull(state, clock.millis());
			if (soonestFull < SAFE_TTL_MILLIS) {
				untouchableUntil.put(key, keyTime + soonestFull);
			}
		}
	}

	/** Returns a key's state under a limit, moved to it when it was stored under another. */
	private static OptimisticState stateOf(Map<String, KeyState> states, String key, Limit limit) {
		KeyState state = states.computeIfAbsent(key, (ignored) -> LimitAlgorithm.of(limit.algorithm()).newState(limit));
		if (!state.limit().equals(limit)) {
			state = state.moveTo(limit);
			states.put(key, state);
		}
		return (OptimisticState) state;
	}

	/** Returns the time until the first of a state's rates that holds anything is full again, or a long time. */
	private static long soonestFull(OptimisticState state, long nowMillis) {
		long soonest = Long.MAX_VALUE;
		for (OptimisticState rate : state.storedRates()) {
			long resetAfter = rate.look(nowMillis, 0, 0).resetAfterMillis();
			if (resetAfter > 0) {
				soonest = Math.min(soonest, resetAfter);
			}
		}
		return soonest;
	}

	/** Zero, tiny, small, window-sized, long, backward, and onto the last or first millisecond of a window. */
	private static long randomStep(Random random, long now, long period) {
		long toNextWindow = Math.floorDiv(now, period) * period + period - now;
		return switch (random.nextInt(20)) {
			case 0, 1, 2, 3 -> 0;
			case 4, 5, 6 -> 1 + random.nextInt(5);
			case 7, 8, 9 -> 1 + random.nextLong(period / 50);
			case 10, 11 -> 1 + random.nextLong(period);
			case 12 -> period;
			case 13, 14 -> period + random.nextLong(2 * period);
			case 15 -> toNextWindow - 1;
			case 16 -> toNextWindow;
			default -> -1 - random.nextLong(period / 2);
		};
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void serverTimeAllowsABurstThenDenies(Algorithm algorithm) {
		long day = Duration.ofDays(1).toMillis();
		DecisionSource source = redisSource(Limit.of(algorithm, 5, Duration.ofDays(1)), null);
		long asked = System.currentTimeMillis();
		Decision burst = source.decide("k", 5, 0);
		Decision next = source.decide("k", 1, 0);
		assertThat(burst.isAllowed()).isTrue();
		assertThat(burst.remaining()).isZero();
		switch (algorithm) {
			// the window ends at a day's end on the server's clock: where the wait from this one reading ends, also
			// when midnight falls between the reading and the server's
			case FIXED_WINDOW, SLIDING_WINDOW_COUNTER -> {
				long fullDays = (algorithm == Algorithm.SLIDING_WINDOW_COUNTER) ? day : 0;
				assertThat(burst.resetAfterMillis()).isGreaterThan(fullDays).isLessThanOrEqualTo(fullDays + day);
				long end = Math.floorMod(asked + burst.resetAfterMillis(), day);
				assertThat(Math.min(end, day - end)).as("reset-after from the server's clock ends at a day's end")
					.isLessThan(10_000L);
			}
			default -> assertThat(burst.resetAfterMillis()).as("reset-after from the server's clock")
				.isCloseTo(day, within(10_000L));
		}
		assertThat(next.isAllowed()).isFalse();
		assertThat(next.retryAfterMillis()).isPositive().isLessThanOrEqualTo(2 * day);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void everyKeyExpiresWhenItsStateIsFullAgainAndIsDeletedOnceItIs(Algorithm algorithm) {
		OneKey one = OneKey.of(Limit.of(algorithm, 4, Duration.ofMinutes(10)));
		ManualClock clock = one.clock();
		DecisionSource source = one.source();
		String[] keys = one.keys();
		long[][] requests = { { 1, 0 }, { 3, 0 }, { 1, 0 }, { 2, Duration.ofMinutes(20).toMillis() }, { 0, 0 } };
		Decision decision = null;
		for (long[] request : requests) {
			clock.advance(1000);
			long[] ttlsBefore = Arrays.stream(keys).mapToLong(redis::pttl).toArray();
			decision = source.decide("k", request[0], request[1]);
			for (int i = 0; i < keys.length; i++) {
				long longest = decision.isAllowed() ? decision.resetAfterMillis() + TTL_SLACK_MILLIS : ttlsBefore[i];
				assertThat(redis.pttl(keys[i])).as("%s after %s", keys[i], decision)
					.isPositive()
					.isLessThanOrEqualTo(longest)
					.isGreaterThan(decision.resetAfterMillis() + TTL_SLACK_MILLIS - SAFE_TTL_MILLIS);
			}
		}
		clock.advance(decision.resetAfterMillis());
		assertThat(source.decide("k", 0, 0)).isEqualTo(Decision.allowed(4, 4, 0));
		assertThat(redis.exists(keys)).as("keys of a full state").isZero();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aKeyWrittenByAClockBehindTheKeysTimeLivesUntilItsStateIsFullByThatTime(Algorithm algorithm) {
		OneKey one = OneKey.of(Limit.of(algorithm, 4, Duration.ofMinutes(10)));
		ManualClock clock = one.clock();
		DecisionSource source = one.source();
		String key = one.keys()[0];
		long ahead = 60_000;
		clock.advance(ahead);
		assertThat(source.decide("k", 1, 0).isAllowed()).isTrue();
		clock.advance(-ahead);
		Decision behind = source.decide("k", 1, 0);
		assertThat(behind.isAllowed()).isTrue();
		assertThat(redis.pttl(key)).as("%s, written %d ms behind the key's time", behind, ahead)
			.isLessThanOrEqualTo(behind.resetAfterMillis() + ahead + TTL_SLACK_MILLIS)
			.isGreaterThan(behind.resetAfterMillis() + ahead + TTL_SLACK_MILLIS - SAFE_TTL_MILLIS);
	}

	@Test
	void aGcraKeyWrittenBeforeItsTimeWasStoredIsReadAsItWas() {
		Limit limit = Limit.of(Algorithm.GCRA, 4, Duration.ofMinutes(10));
		OneKey one = OneKey.of(limit);
		ManualClock clock = one.clock();
		DecisionSource source = one.source();
		String key = one.keys()[0];
		long twoPermitsAhead = clock.millis() + 2 * limit.periodMillis() / limit.capacity();
		redis.eval("redis.call('SET', KEYS[1], struct.pack('<d<d', tonumber(ARGV[1]), 0), 'PX', 600000)",
				ScriptOutputType.STATUS, new String[] { key }, Long.toString(twoPermitsAhead));
		assertThat(source.decide("k", 1, 0)).as("the receipt: the key's time and its debt after the grant, 3 permits")
			.isEqualTo(Decisions.withReceipt(Decision.allowed(4, 1, 450_000),
					MarkedReceipt.of(1, clock.millis(), 3 * limit.periodMillis())));
	}

	@ParameterizedTest
	@EnumSource(value = Algorithm.class, names = { "TOKEN_BUCKET", "GCRA" })
	void aDenialWritesNothing(Algorithm algorithm) {
		OneKey one = OneKey.of(Limit.of(algorithm, 4, Duration.ofMinutes(10)));
		ManualClock clock = one.clock();
		DecisionSource source = one.source();
		String key = one.keys()[0];
		assertThat(source.decide("k", 4, 0).isAllowed()).isTrue();
		byte[] granted = redis.dump(key);
		long ttl = redis.pttl(key);
		clock.advance(60_000);
		Decision denied = source.decide("k", 1, 0);
		assertThat(denied.isAllowed()).isFalse();
		assertThat(redis.dump(key)).as("state after %s", denied).isEqualTo(granted);
		assertThat(redis.pttl(key)).isPositive().isLessThanOrEqualTo(ttl);
		clock.advance(denied.retryAfterMillis());
		assertThat(source.decide("k", 1, 0).isAllowed()).as("refilled from the state of the grant").isTrue();
		assertThat(redis.dump(key)).isNotEqualTo(granted);
	}

	@Test
	void theLogKeepsOneEntryPerPermitInTheWindowAndNeverMoreThanTheCapacity() {
		OneKey one = OneKey.of(Limit.of(Algorithm.SLIDING_WINDOW_LOG, 5, Duration.ofHours(1)));
		ManualClock clock = one.clock();
		DecisionSource source = one.source();
		String key = one.keys()[0];
		Random random = new Random(SEED);
		for (int step = 0; step < 300; step++) {
			clock.advance(random.nextLong(Duration.ofMinutes(20).toMillis()));
			long permits = random.nextLong(6);
			Decision decision = source.decide("k", permits, 0);
			assertThat(redis.zcard(key)).as("step %d: %s", step, decision).isLessThanOrEqualTo(5);
			if (decision.isAllowed() && permits > 0) {
				assertThat(redis.zcard(key)).as("step %d: %s", step, decision).isEqualTo(5 - decision.remaining());
			}
		}
	}

	private static DecisionSource redisSource(Limit limit, LimiterClock clock) {
		return new RedisDecisionSource(StateKeys.NO_NAMESPACE, uniqueName(limit), limit, executor, clock, TIMEOUT);
	}

	private static String uniqueName(Limit limit) {
		return "conformance-" + limit.algorithm().configName() + "-" + ProcessHandle.current().pid() + "-"
				+ names.incrementAndGet();
	}

	/**
	 * A Redis decision source of a limit under a name of its own, on a manual clock, and the Redis keys of its user
	 * key {@code k}.
	 */
	private record OneKey(ManualClock clock, DecisionSource source, String[] keys) {

		static OneKey of(Limit limit) {
			ManualClock clock = new ManualClock();
			String name = uniqueName(limit);
			return new OneKey(clock,
					new RedisDecisionSource(StateKeys.NO_NAMESPACE, name, limit, executor, clock, TIMEOUT),
					LimitAlgorithm.of(limit.algorithm()).redisKeys(StateKeys.redisKey(name, "k")));
		}

	}

}
