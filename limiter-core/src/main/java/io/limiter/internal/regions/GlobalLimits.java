package io.limiter.internal.regions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.GlobalBudget;
import io.limiter.Limit;
import io.limiter.LimiterBackendException;
import io.limiter.LimiterObserver;
import io.limiter.Loans;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.StateKeys;
import io.limiter.internal.Waits;
import io.limiter.internal.redis.RedisCalls;
import io.limiter.internal.redis.RedisDecisionSource;
import io.limiter.internal.redis.RedisScript;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * Makes the decision sources of a region's global limits, over the region's Redis and the {@link Home}, and reads
 * their loans for {@link io.limiter.RegionalBackend#loans(String, String)}.
 */
public final class GlobalLimits {

	private final String region;

	private final ScriptExecutor regionScripts;

	private final StateKeys keys;

	private final Home home;

	private final LimiterObserver observer;

	private final Waits waits;

	private final Duration regionWait;

	/**
	 * Creates the factory and loads the region's scripts.
	 * @param region this region's name
	 * @param regionScripts the region's Redis, observed
	 * @param keys the keys of the region's namespace
	 * @param home the home
	 * @param observer the region's observer
	 * @param waits the region backend's waits
	 * @param regionWait the longest a synchronous call to the region's Redis waits
	 */
	public GlobalLimits(String region, ScriptExecutor regionScripts, StateKeys keys, Home home,
			LimiterObserver observer, Waits waits, Duration regionWait) {
		this.region = region;
		this.regionScripts = regionScripts;
		this.keys = keys;
		this.home = home;
		this.observer = observer;
		this.waits = waits;
		this.regionWait = regionWait;
		for (RedisScript script : RegionScripts.REGION) {
			regionScripts.load(script);
		}
	}

	/**
	 * Checks that a limit can be global: a token bucket or GCRA of one rate, not of the calendar.
	 * @param name the limit's name
	 * @param limit the limit
	 * @throws IllegalArgumentException naming the limit and what it has otherwise
	 */
	public static void check(String name, Limit limit) {
		Algorithm algorithm = limit.algorithm();
		if (algorithm != Algorithm.TOKEN_BUCKET && algorithm != Algorithm.GCRA) {
			throw new IllegalArgumentException("limit '" + name + "' is global: a global limit needs token-bucket or "
					+ "gcra of one rate, but has " + algorithm.configName());
		}
		if (limit.hasSeveralRates() || limit.rates().get(0).isCalendar()) {
			throw new IllegalArgumentException("limit '" + name + "' is global: a global limit needs token-bucket or "
					+ "gcra of one rate, but has " + limit.rates());
		}
	}

	/**
	 * Returns the source of one global limit.
	 * @param name the limit's name
	 * @param limit a {@linkplain #check checked} limit
	 * @param budget how it is lent
	 * @param policy what decides when the home cannot be reached
	 * @return the source, for the region backend's local tier and failure policy to wrap
	 */
	public DecisionSource source(String name, Limit limit, GlobalBudget budget, FailurePolicy policy) {
		GlobalTerms terms = new GlobalTerms(limit, budget, this.home.timeout());
		RegionKeys regionKeys = new RegionKeys(this.keys, name);
		PoolBorrows borrows = new PoolBorrows(name, this.region, terms, regionKeys, this.regionScripts,
				this.home.scripts(), this.home::regions, this.observer);
		RegionShare share = new RegionShare(name, terms, regionKeys, this.regionScripts, this.home::regions);
		RedisDecisionSource atHome = new RedisDecisionSource(this.keys, name, homeLimit(limit), this.home.scripts(),
				null, this.home.timeout());
		Duration syncWait = this.regionWait.plus(this.home.timeout().multipliedBy(2));
		return new GlobalDecisionSource(name, this.region, terms, budget, policy, regionKeys, this.regionScripts,
				atHome, this.home.breaker(), borrows, share, this.observer, this.waits, syncWait);
	}

	/** The home's bucket is a token bucket of the limit's numbers, which grants as a GCRA of them would. */
	private static Limit homeLimit(Limit limit) {
		return Limit.of(Algorithm.TOKEN_BUCKET, limit.capacity(), limit.period());
	}

	/**
	 * Reads the loans of a key with scripts that write nothing.
	 * @param name the global limit's name
	 * @param key the user's key
	 * @param limit its limit
	 * @param budget its budget
	 * @return the loans; the home's part is missing when it does not answer within its timeout
	 * @throws LimiterBackendException when the region's Redis fails
	 */
	public Loans loans(String name, String key, Limit limit, GlobalBudget budget) {
		RegionKeys regionKeys = new RegionKeys(this.keys, name);
		long period = limit.periodMillis();
		String[] args = { Long.toString(limit.capacity()), Long.toString(period), "0", "-1", "look", "0", "0" };
		List<Object> pool = RedisCalls.await(this.regionScripts.execute(RegionScripts.ADJUST, regionKeys.pool(key),
				args), this.regionWait.toMillis(), name);
		Loans.Loan poolLoan = new Loans.Loan((Long) pool.get(0) / period, (Long) pool.get(1));
		long lowWater = (Long) pool.get(4) / period;
		List<Object> home;
		try {
			home = RedisCalls.await(this.home.scripts().execute(RegionScripts.HOME_PEEK, regionKeys.home(key), args),
					this.home.timeout().toMillis(), name);
		}
		catch (LimiterBackendException ex) {
			return new Loans(this.region, false, 0, budget.loanCeiling(limit), Map.of(), poolLoan, lowWater);
		}
		Map<String, Loans.Loan> loans = new LinkedHashMap<>();
		for (int i = 1; i + 2 < home.size(); i += 3) {
			loans.put((String) home.get(i), new Loans.Loan((Long) home.get(i + 1) / period, (Long) home.get(i + 2)));
		}
		return new Loans(this.region, true, Math.max(0, (Long) home.get(0)) / period, budget.loanCeiling(limit), loans,
				poolLoan, lowWater);
	}

	/** {@return how many regions beat at the home, this one included, as last seen} */
	public int regions() {
		return this.home.regions();
	}

}
