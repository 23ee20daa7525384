package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import io.lettuce.core.RedisURI;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.contract.ManualClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.DefaultRateLimiter;
import io.limiter.internal.FallbackCharge;
import io.limiter.internal.LimiterThreads;
import io.limiter.internal.StateKeys;
import io.limiter.internal.Waits;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.LettuceScriptExecutor;
import io.limiter.internal.redis.RedisExecutors;
import io.limiter.testsupport.RedisFixtures;

/**
 * The local tier of one simulated instance on the shared Redis cluster, through a
 * {@link CountingScriptExecutor}, with either a {@link ManualClock} (for the local tier and the scripts) or
 * the system clock and Redis' {@code TIME}.
 */
final class LocalTierFixture implements AutoCloseable {

	static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final AtomicInteger names = new AtomicInteger();

	private final ManualClock clock;

	private final CountingScriptExecutor executor;

	private final LocalTiers tiers;

	private final ScheduledExecutorService scheduler = LimiterThreads.newScheduler("limiter-test");

	private final Waits waits = new Waits(this.scheduler);

	private LocalTierFixture(ManualClock clock) {
		this.clock = clock;
		List<RedisURI> seeds = new ArrayList<>();
		for (String node : RedisFixtures.cluster().seedNodes().split(",")) {
			int colon = node.lastIndexOf(':');
			seeds.add(RedisURI.create(node.substring(0, colon), Integer.parseInt(node.substring(colon + 1))));
		}
		LettuceScriptExecutor<?> lettuce = RedisExecutors.cluster(seeds, RedisExecutors.Settings.fixed(TIMEOUT));
		try {
			if (!lettuce.awaitConnection(Duration.ofSeconds(10))) {
				lettuce.close();
				throw new IllegalStateException("the fixture cluster did not accept a connection");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		this.executor = new CountingScriptExecutor(lettuce);
		this.tiers = new LocalTiers(this.executor, StateKeys.NO_NAMESPACE,
				(clock != null) ? clock : LimiterClock.system(), clock, TIMEOUT, TIMEOUT, this.scheduler);
	}

	/**
	 * Returns an instance whose local tier and scripts both use a clock the test moves.
	 * @param clock the clock, shared by every instance of a test
	 * @return the instance
	 */
	static LocalTierFixture withClock(ManualClock clock) {
		return new LocalTierFixture(clock);
	}

	/** {@return an instance on the system clock, with Redis' {@code TIME} in the scripts} */
	static LocalTierFixture withSystemTime() {
		return new LocalTierFixture(null);
	}

	/** {@return a limit name that no other test uses} */
	static String uniqueName() {
		return "lt-" + ProcessHandle.current().pid() + "-" + names.incrementAndGet();
	}

	DecisionSource source(String name, Limit limit, LocalTier tier) {
		return this.tiers.source(name, limit, tier,
				new RedisDecisionSource(StateKeys.NO_NAMESPACE, name, limit, this.executor, this.clock, TIMEOUT));
	}

	List<DecisionSource> sources(String name, List<Limit> limits, LocalTier tier) {
		return sources(name, limits, tier, Collections.nCopies(limits.size(), FallbackCharge.NONE));
	}

	List<DecisionSource> sources(String name, List<Limit> limits, LocalTier tier, List<FallbackCharge> charges) {
		List<DecisionSource> redis = new ArrayList<>();
		for (Limit limit : limits) {
			redis.add(new RedisDecisionSource(StateKeys.NO_NAMESPACE, name, limit, this.executor, this.clock, TIMEOUT));
		}
		return this.tiers.sources(name, limits, tier, redis, charges);
	}

	RateLimiter limiter(String name, Limit limit, LocalTier tier) {
		return new DefaultRateLimiter(name, limit, source(name, limit, tier), this.waits);
	}

	CountingScriptExecutor executor() {
		return this.executor;
	}

	LocalTiers tiers() {
		return this.tiers;
	}

	@Override
	public void close() {
		this.tiers.close(TIMEOUT);
		this.executor.close();
		this.waits.close();
	}

}
