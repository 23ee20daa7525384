package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.LocalTier;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.FallbackCharge;
import io.limiter.internal.StateKeys;
import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * The local tiers of one Redis backend: puts the {@link LocalTier} a limiter asks for in front of its Redis
 * decisions, shares it between limiters of the same name, limit and setting, and gives unused tokens back
 * when the backend closes. One tier is kept per name: a limiter of the same name with another limit or setting
 * replaces it, and the old tier gives its unspent tokens back at once (limiters that still use it go on, and
 * borrow again when they need to).
 */
public final class LocalTiers {

	private final ScriptExecutor executor;

	private final StateKeys keys;

	private final LimiterClock clock;

	private final LimiterClock clientClock;

	private final Duration timeout;

	private final Duration deadline;

	private final ScheduledExecutorService timer;

	private final Map<String, List<Tier>> tiers = new ConcurrentHashMap<>();

	/**
	 * Creates the local tiers of a backend and loads the borrow scripts on every master.
	 * @param executor runs the scripts
	 * @param keys the keys of the backend's namespace
	 * @param clock the time of local decisions: leases and retry deadlines
	 * @param clientClock the time sent to the scripts, or {@code null} to use the server's {@code TIME}
	 * @param timeout the longest a synchronous decision waits
	 * @param deadline the backend's timeout: the longest a decision of a key at its limit takes, the wait for the
	 * answer of another request's call to Redis included
	 * @param timer the backend's scheduler, on which borrows time out
	 */
	public LocalTiers(ScriptExecutor executor, StateKeys keys, LimiterClock clock, LimiterClock clientClock,
			Duration timeout, Duration deadline, ScheduledExecutorService timer) {
		this.executor = executor;
		this.keys = keys;
		this.clock = clock;
		this.clientClock = clientClock;
		this.timeout = timeout;
		this.deadline = deadline;
		this.timer = timer;
		for (RedisScript script : Borrower.scripts()) {
			executor.load(script);
		}
	}

	/**
	 * Returns the decisions of a limiter with its local tier in front of Redis: {@link #sources} of one limit.
	 * @param name the checked limit name
	 * @param limit the limit
	 * @param tier the local tier setting
	 * @param redis the limit's decisions in Redis
	 * @return {@code redis} itself for {@link LocalTier.Mode#NONE}, otherwise the local tier shared by every
	 * limiter of the same name, limit and setting
	 */
	public DecisionSource source(String name, Limit limit, LocalTier tier, DecisionSource redis) {
		return sources(name, List.of(limit), tier, List.of(redis), List.of(FallbackCharge.NONE)).get(0);
	}

	/**
	 * Returns the decisions of limiters of one name used side by side (the plans of a limit), each with its local
	 * tier in front of Redis. Together they replace the name's earlier tiers: a tier of the same limit and setting
	 * is kept, the others give their unspent tokens back at once (limiters that still use them go on, and borrow
	 * again when they need to).
	 * @param name the checked limit name
	 * @param limits the limits
	 * @param tier the local tier setting of each
	 * @param redis the decisions in Redis of each limit, in the order of {@code limits}
	 * @param charges where the tokens that a two-tier local tier borrows for each limit are charged, in the order of
	 * {@code limits}: the fallback share of each, or {@link FallbackCharge#NONE}; a tier is kept only for a limit
	 * charged as before
	 * @return {@code redis} itself for {@link LocalTier.Mode#NONE}, otherwise the local tier of each limit, shared by
	 * every limiter of the same name, limit and setting
	 */
	public List<DecisionSource> sources(String name, List<Limit> limits, LocalTier tier, List<DecisionSource> redis,
			List<FallbackCharge> charges) {
		if (tier.mode() == LocalTier.Mode.NONE) {
			return redis;
		}
		List<Tier> replaced = new ArrayList<>();
		List<Tier> current = this.tiers.compute(name, (key, existing) -> {
			List<Tier> kept = (existing != null) ? existing : List.of();
			List<Tier> next = new ArrayList<>(limits.size());
			for (int i = 0; i < limits.size(); i++) {
				Limit limit = limits.get(i);
				DecisionSource inRedis = redis.get(i);
				FallbackCharge charge = charges.get(i);
				boolean charged = charge != FallbackCharge.NONE;
				next.add(find(next, limit, tier, charged).or(() -> find(kept, limit, tier, charged))
					.orElseGet(() -> new Tier(limit, tier, charged, create(name, limit, tier, inRedis, charge))));
			}
			kept.stream().filter((old) -> !next.contains(old)).forEach(replaced::add);
			return List.copyOf(next);
		});
		for (Tier old : replaced) {
			if (old.source() instanceof TwoTierDecisionSource twoTier) {
				// best effort, as at close: tokens not given back are refilled by Redis within one period
				twoTier.giveBackAll();
			}
		}
		return current.stream().map(Tier::source).toList();
	}

	private static Optional<Tier> find(List<Tier> tiers, Limit limit, LocalTier setting, boolean charged) {
		return tiers.stream()
			.filter((tier) -> tier.limit().equals(limit) && tier.setting().equals(setting)
					&& tier.charged() == charged)
			.findFirst();
	}

	private DecisionSource create(String name, Limit limit, LocalTier tier, DecisionSource redis,
			FallbackCharge charge) {
		if (tier.mode() == LocalTier.Mode.TWO_TIER && Borrower.supports(limit)) {
			return new TwoTierDecisionSource(this.keys, name, limit, tier,
					new Borrower(limit, this.executor, this.clientClock), redis, charge, this.clock, this.timeout,
					this.timer);
		}
		return new BlockingDecisionSource(name, redis, this.clock, this.timeout, this.deadline, this.timer,
				tier.maximumKeys());
	}

	/**
	 * Gives every unspent borrowed token back to Redis, waiting at most {@code maxWait} for the replies; a
	 * failed or late give-back only leaves the tokens debited until Redis refills them. The local tiers
	 * must not be used afterwards.
	 * @param maxWait the longest wait
	 */
	public void close(Duration maxWait) {
		List<CompletableFuture<Void>> giveBacks = new ArrayList<>();
		for (Tier tier : this.tiers.values().stream().flatMap(List::stream).toList()) {
			if (tier.source() instanceof TwoTierDecisionSource twoTier) {
				giveBacks.add(twoTier.giveBackAll());
			}
		}
		this.tiers.clear();
		try {
			CompletableFuture.allOf(giveBacks.toArray(new CompletableFuture<?>[0]))
				.get(maxWait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException | TimeoutException ex) {
			// Best effort by design: tokens not given back are refilled by Redis within one period.
		}
	}

	/** The local tier of a name, the limit and setting it was made for, and whether it charges a fallback share. */
	private record Tier(Limit limit, LocalTier setting, boolean charged, DecisionSource source) {
	}

}
