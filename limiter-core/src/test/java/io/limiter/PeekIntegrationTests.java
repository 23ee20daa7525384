package io.limiter;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.contract.ManualClock;
import io.limiter.internal.Decisions;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.memory.InMemoryDecisionSource;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RateLimiter#peek(String)} reads a key's state and stores nothing: no new key, no changed state and no
 * changed time to live on a real Redis standalone, no new entry in memory.
 */
class PeekIntegrationTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private static final long PERIOD_MILLIS = 10_000;

	private static final long LONG_TTL_MILLIS = 600_000;

	private static RedisClient client;

	private static StatefulRedisConnection<byte[], byte[]> connection;

	private final ManualClock clock = new ManualClock();

	@BeforeAll
	static void connect() {
		client = RedisClient.create(RedisFixtures.standalone().uri());
		connection = client.connect(ByteArrayCodec.INSTANCE);
	}

	@AfterAll
	static void disconnect() {
		connection.close();
		client.shutdown();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void peekAtAnUnknownKeyCreatesNoRedisKey(Algorithm algorithm) {
		try (RedisBackend backend = redisBackend()) {
			String name = uniqueName();
			RateLimiter limiter = backend.limiter(name, limit(algorithm));
			Decision decision = limiter.peek("stranger");
			assertThat(decision.isAllowed()).isTrue();
			assertThat(decision.remaining()).isEqualTo(5);
			assertThat(storedKeys(name)).isEmpty();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void peekLeavesTheStateAndItsTimeToLiveAlone(Algorithm algorithm) {
		try (RedisBackend backend = redisBackend()) {
			String name = uniqueName();
			RateLimiter limiter = backend.limiter(name, limit(algorithm));
			byte[] key = take(limiter, "user", 2);
			byte[] before = commands().dump(key);
			this.clock.advance(PERIOD_MILLIS / 10);

			Decision decision = limiter.peek("user");

			assertThat(decision.remaining()).isEqualTo(3);
			assertThat(commands().dump(key)).isEqualTo(before);
			assertThat(commands().pttl(key)).isGreaterThan(LONG_TTL_MILLIS - 60_000);
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void peekAtAStateThatEqualsNoStateDoesNotDeleteIt(Algorithm algorithm) {
		try (RedisBackend backend = redisBackend()) {
			String name = uniqueName();
			RateLimiter limiter = backend.limiter(name, limit(algorithm));
			byte[] key = take(limiter, "user", 1);
			this.clock.advance(3 * PERIOD_MILLIS);

			assertThat(limiter.peek("user").remaining()).isEqualTo(5);
			assertThat(commands().exists(key)).isOne();

			limiter.tryAcquire("user", 0);
			assertThat(commands().exists(key)).as("a decision deletes the state a look left").isZero();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void peekAtSeveralRatesReportsTheClosestToRefusingAndLeavesEveryRateAlone(Algorithm algorithm) {
		try (RedisBackend backend = redisBackend()) {
			String name = uniqueName();
			RateLimiter limiter = backend.limiter(name, Limit.builder(algorithm)
				.rate(5, Duration.ofMillis(PERIOD_MILLIS)).rate(3, Duration.ofMillis(10 * PERIOD_MILLIS)).build());
			assertThat(limiter.peek("user")).isEqualTo(Decisions.forRate(Decision.allowed(3, 3, 0), 1));
			assertThat(storedKeys(name)).isEmpty();
			limiter.tryAcquire("user", 2);
			List<byte[]> keys = storedKeys(name);
			assertThat(keys).hasSize(2);
			keys.forEach((key) -> commands().pexpire(key, LONG_TTL_MILLIS));
			List<byte[]> before = keys.stream().map(commands()::dump).toList();
			this.clock.advance(PERIOD_MILLIS / 10);

			Decision decision = limiter.peek("user");

			assertThat(decision.rate()).isEqualTo(1);
			assertThat(decision.remaining()).isEqualTo(1);
			assertThat(keys.stream().map(commands()::dump).toList()).usingRecursiveComparison().isEqualTo(before);
			keys.forEach((key) -> assertThat(commands().pttl(key)).isGreaterThan(LONG_TTL_MILLIS - 60_000));
		}
	}

	@Test
	void peekThroughALocalTierReadsRedisAndStoresNothing() {
		try (RedisBackend backend = redisBackend()) {
			String name = uniqueName();
			RateLimiter limiter = backend.limiter(name, limit(Algorithm.TOKEN_BUCKET),
					LimiterOptions.builder().localTier(LocalTier.block()).build());
			assertThat(limiter.peek("stranger").remaining()).isEqualTo(5);
			assertThat(storedKeys(name)).isEmpty();
			limiter.tryAcquire("user", 5);
			assertThat(limiter.peek("user").remaining()).isZero();
		}
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void peekInMemoryAddsNoEntryAndReadsTheState(Algorithm algorithm) {
		try (InMemoryBackend backend = InMemoryBackend.builder().clock(this.clock).build()) {
			RateLimiter limiter = backend.limiter(uniqueName(), limit(algorithm));
			InMemoryDecisionSource source = (InMemoryDecisionSource) ((DefaultRateLimiter) limiter).source();

			assertThat(limiter.peek("stranger").remaining()).isEqualTo(5);
			assertThat(source.size()).isZero();

			limiter.tryAcquire("user", 2);
			assertThat(limiter.peek("user").remaining()).isEqualTo(3);
			assertThat(limiter.tryAcquire("user", 3).isAllowed()).isTrue();
			assertThat(source.size()).isOne();
		}
	}

	private RedisBackend redisBackend() {
		RedisBackend backend = RedisBackend.builder()
			.standalone(RedisFixtures.standalone().uri())
			.clientClock(this.clock)
			.timeout(Duration.ofSeconds(5))
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.build();
		try {
			assertThat(backend.awaitConnection(Duration.ofSeconds(5))).isTrue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		return backend;
	}

	private static Limit limit(Algorithm algorithm) {
		return Limit.of(algorithm, 5, Duration.ofMillis(PERIOD_MILLIS));
	}

	private static String uniqueName() {
		return "peek-" + NAMES.incrementAndGet() + "-" + System.nanoTime();
	}

	private static RedisCommands<byte[], byte[]> commands() {
		return connection.sync();
	}

	private static List<byte[]> storedKeys(String name) {
		// SCAN, as KEYS takes a String from Lettuce 7 on and a key before (Spring Boot 4.0 manages Lettuce 6.8)
		return ScanIterator.scan(commands(), ScanArgs.Builder.matches("limiter:{" + name + ":*")).stream().toList();
	}

	/**
	 * Takes permits for the one key of a limiter and gives its Redis key a time to live far longer than any a script
	 * sets, so that a script that set it again would show.
	 */
	private static byte[] take(RateLimiter limiter, String key, long permits) {
		limiter.tryAcquire(key, permits);
		List<byte[]> keys = storedKeys(limiter.name());
		assertThat(keys).hasSize(1);
		commands().pexpire(keys.get(0), LONG_TTL_MILLIS);
		return keys.get(0);
	}

}
