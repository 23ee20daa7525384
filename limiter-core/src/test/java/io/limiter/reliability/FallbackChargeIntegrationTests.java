package io.limiter.reliability;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a key took from Redis is charged to this instance's fallback share, whichever way it took it: grants of the
 * local tier's borrowed tokens, grants through the block tier, requests of several permits and limits of several
 * rates. So once the key has spent its budget, a switch to the local fallback grants it nothing more until the share
 * refills, however often Redis goes away and comes back. On a private server that the tests kill and restart.
 */
class FallbackChargeIntegrationTests {

	/** The limit of the measurement in issue #23: 10 per 10 s, one instance. */
	private static final Limit TEN_PER_TEN_SECONDS = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(10));

	private static final LimiterOptions TWO_TIER = LimiterOptions.builder().localTier(LocalTier.twoTier()).build();

	private static final Duration RECOVERY_LIMIT = Duration.ofSeconds(20);

	@Test
	void aKeyThatSpentItsBudgetThroughTheTwoTierLocalTierGetsNothingMoreFromTheFallback() throws InterruptedException {
		assertSpentBudgetIsNotGrantedAgain(TWO_TIER);
	}

	@Test
	void aKeyThatSpentItsBudgetThroughTheBlockTierGetsNothingMoreFromTheFallback() throws InterruptedException {
		assertSpentBudgetIsNotGrantedAgain(LimiterOptions.defaults());
	}

	/**
	 * Two instances share 10 per 10 s: this one's share is 5. Two requests of 3 permits from Redis take 6, one more
	 * than the share holds; the second must not be lost because the share could not grant it.
	 */
	@Test
	void aGrantOfMorePermitsThanTheShareHasLeftEmptiesIt() throws InterruptedException {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = backend(redis, 2)) {
			RateLimiter limiter = backend.limiter("several-permits", TEN_PER_TEN_SECONDS);
			long start = System.nanoTime();
			for (int i = 0; i < 2; i++) {
				Decision granted = limiter.tryAcquire("k", 3);
				assertThat(granted.isAllowed() && !granted.isDegraded()).as("3 permits from Redis").isTrue();
			}
			redis.kill();
			long fallbackGrants = fallbackGrants(limiter, "k", 5);
			assertThat(fallbackGrants).as("grants of the share of 5 after Redis granted 6 of them")
				.isLessThanOrEqualTo(refilled(5, Duration.ofSeconds(10), start));
		}
	}

	/**
	 * Two instances share 4 per second and 8 per minute: this one's shares are 2 per second and 4 per minute. Redis
	 * grants 4 at once, which takes all 4 of the minute's share even though the second's share holds only 2; once the
	 * second's share has refilled, the minute's share still refuses.
	 */
	@Test
	void eachRateOfALimitIsChargedEvenWhenAnotherRateOfTheShareIsSpent() throws InterruptedException {
		Limit limit = Limit.builder(Algorithm.TOKEN_BUCKET).rate(4, Duration.ofSeconds(1)).rate(8, Duration.ofMinutes(1)).build();
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = backend(redis, 2)) {
			RateLimiter limiter = backend.limiter("several-rates", limit);
			long start = System.nanoTime();
			for (int i = 0; i < 4; i++) {
				Decision granted = limiter.tryAcquire("k");
				assertThat(granted.isAllowed() && !granted.isDegraded()).as("grant %d from Redis", i).isTrue();
			}
			redis.kill();
			// the second's share of 2 refills in a second; the minute's share of 4 takes 15 s a permit
			Thread.sleep(1_100);
			long fallbackGrants = fallbackGrants(limiter, "k", 4);
			assertThat(fallbackGrants).as("grants of the minute's share after Redis granted all 4 of it")
				.isLessThanOrEqualTo(refilled(4, Duration.ofMinutes(1), start));
		}
	}

	/**
	 * Redis killed and started again three times (without persistence, so each start also gives Redis a fresh
	 * budget, which the key takes through its local tier): the fallback grants no more than its share refills over
	 * the whole run, instead of a fresh share at each switch.
	 */
	@Test
	void redisGoingAwayAndComingBackAgainAndAgainGrantsTheShareOnlyOnce() throws InterruptedException {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = backend(redis, 1)) {
			RateLimiter limiter = backend.limiter("flapping", TEN_PER_TEN_SECONDS, TWO_TIER);
			long start = System.nanoTime();
			Grants grants = new Grants();
			for (int flap = 0; flap < 3; flap++) {
				grants.takeUntilRedisRefuses(limiter, "k");
				redis.kill();
				grants.fallback += fallbackGrants(limiter, "k", 10);
				redis.restart();
			}
			grants.takeUntilRedisRefuses(limiter, "k");
			long refilled = refilled(10, Duration.ofSeconds(10), start);
			System.out.printf("3 flaps in %d ms: Redis granted %d, the fallback %d (its share refilled %d)%n",
					Duration.ofNanos(System.nanoTime() - start).toMillis(), grants.redis, grants.fallback, refilled);
			assertThat(grants.redis).as("Redis' budget of each of its 4 lives").isGreaterThanOrEqualTo(40);
			assertThat(grants.fallback).as("grants of the fallback over every switch").isLessThanOrEqualTo(refilled);
		}
	}

	/**
	 * The measurement of issue #23: 10 granted, Redis stopped, then 10 more asked of the fallback.
	 */
	private static void assertSpentBudgetIsNotGrantedAgain(LimiterOptions options) throws InterruptedException {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				RedisBackend backend = backend(redis, 1)) {
			RateLimiter limiter = backend.limiter("spent", TEN_PER_TEN_SECONDS, options);
			long start = System.nanoTime();
			for (int i = 0; i < 10; i++) {
				Decision granted = limiter.tryAcquire("k");
				assertThat(granted.isAllowed() && !granted.isDegraded()).as("grant %d while Redis answers", i).isTrue();
			}
			redis.kill();
			long fallbackGrants = fallbackGrants(limiter, "k", 10);
			assertThat(fallbackGrants).as("grants of the fallback after the key spent its budget")
				.isLessThanOrEqualTo(refilled(10, Duration.ofSeconds(10), start));
		}
	}

	private static RedisBackend backend(RedisServerProcess redis, int instances) throws InterruptedException {
		RedisBackend backend = RedisBackend.builder()
			.standalone(redis.uri())
			.failurePolicy(FailurePolicy.LOCAL_FALLBACK)
			.fallbackInstances(instances)
			.build();
		assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
		return backend;
	}

	/**
	 * Asks for single permits while Redis is down until the fallback decided {@code attempts} of them; a refusal that
	 * this instance remembers from Redis answers meanwhile, until Redis' retry-after, and grants nothing.
	 */
	private static long fallbackGrants(RateLimiter limiter, String key, int attempts) throws InterruptedException {
		long deadline = System.nanoTime() + RECOVERY_LIMIT.toNanos();
		long granted = 0;
		for (int decided = 0; decided < attempts;) {
			assertThat(System.nanoTime()).as("the fallback decides within " + RECOVERY_LIMIT).isLessThan(deadline);
			Decision decision = limiter.tryAcquire(key);
			if (decision.isDegraded()) {
				decided++;
				granted += decision.isAllowed() ? 1 : 0;
			}
			else {
				assertThat(decision.isAllowed()).as("a grant without Redis and without the fallback").isFalse();
				Thread.sleep(20);
			}
		}
		return granted;
	}

	/** {@return the whole permits that a share of {@code capacity} per {@code period} refills from a start till now} */
	private static long refilled(long capacity, Duration period, long startNanos) {
		return Duration.ofNanos(System.nanoTime() - startNanos).toMillis() * capacity / period.toMillis();
	}

	/** What Redis (or the local tier's tokens) and the fallback granted one key over a run. */
	private static final class Grants {

		long redis;

		long fallback;

		/**
		 * Asks for single permits until Redis, having granted some, refuses one. Decisions made by the fallback
		 * meanwhile, while the client reconnects, count as the fallback's; a refusal this instance remembers from
		 * Redis' previous life answers until its retry-after.
		 */
		void takeUntilRedisRefuses(RateLimiter limiter, String key) throws InterruptedException {
			long deadline = System.nanoTime() + RECOVERY_LIMIT.toNanos();
			boolean granted = false;
			while (System.nanoTime() < deadline) {
				Decision decision = limiter.tryAcquire(key);
				if (decision.isAllowed() && !decision.isDegraded()) {
					this.redis++;
					granted = true;
					continue;
				}
				if (!decision.isDegraded() && granted) {
					return;
				}
				this.fallback += decision.isAllowed() ? 1 : 0;
				Thread.sleep(20);
			}
			throw new AssertionError("Redis did not refuse the key within " + RECOVERY_LIMIT);
		}

	}

}
