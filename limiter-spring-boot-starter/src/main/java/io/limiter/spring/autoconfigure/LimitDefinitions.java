package io.limiter.spring.autoconfigure;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import io.limiter.Algorithm;
import io.limiter.GlobalBudget;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.Rate;
import io.limiter.integration.LimitNames;
import io.limiter.spring.LimitPlanResolver;

/**
 * Turns {@code limiter.limits.*} into checked {@link Limit}s, {@link LimiterOptions} and the limits in shadow mode, reporting the first bad
 * setting by its property name.
 */
final class LimitDefinitions {

	private static final String PREFIX = "limiter.limits.";

	private LimitDefinitions() {
	}

	static Map<String, Limit> limits(LimiterProperties properties) {
		Map<String, Limit> limits = new LinkedHashMap<>();
		properties.getLimits().forEach((name, settings) -> limits.put(name, limit(name, settings)));
		return limits;
	}

	/**
	 * Returns the named plans of the limits that have some: the limit's algorithm, and its capacity and period where
	 * the plan sets none, or the plan's own rates.
	 */
	static Map<String, Map<String, Limit>> plans(LimiterProperties properties) {
		Map<String, Map<String, Limit>> plans = new LinkedHashMap<>();
		properties.getLimits().forEach((name, settings) -> {
			if (!settings.getPlans().isEmpty()) {
				Limit limit = limit(name, settings);
				Map<String, Limit> byPlan = new LinkedHashMap<>();
				settings.getPlans()
					.forEach((plan, planSettings) -> byPlan.put(plan, plan(name, limit, plan, planSettings)));
				plans.put(name, byPlan);
			}
		});
		return plans;
	}

	/**
	 * Fails start-up when a limit has plans and no resolver is there to choose them.
	 * @param properties the settings
	 * @param resolverPresent whether there is a {@link io.limiter.spring.LimitPlanResolver} bean
	 */
	static void checkPlansResolvable(LimiterProperties properties, boolean resolverPresent) {
		properties.getLimits().forEach((name, settings) -> {
			if (!resolverPresent && !settings.getPlans().isEmpty()) {
				throw new InvalidLimiterPropertyException(PREFIX + name + ".plans", settings.getPlans().keySet(),
						"plans are chosen per key by a LimitPlanResolver bean, and there is none", null);
			}
		});
	}

	private static Limit plan(String name, Limit limit, String plan, PlanSettings settings) {
		String property = PREFIX + name + ".plans." + plan;
		if (LimitPlanResolver.DEFAULT_PLAN.equals(plan)) {
			throw new InvalidLimiterPropertyException(property, plan, "'" + LimitPlanResolver.DEFAULT_PLAN
					+ "' is the limit's own capacity and period; give the plan another name", null);
		}
		if (settings.getAlgorithm() != null && settings.getAlgorithm() != limit.algorithm()) {
			throw new InvalidLimiterPropertyException(property + ".algorithm", settings.getAlgorithm().configName(),
					"the plans of a limit share each key's state, so a plan's algorithm must be the limit's, "
							+ limit.algorithm().configName(),
					null);
		}
		if (!settings.getRates().isEmpty()) {
			Limit.Builder builder = Limit.builder(limit.algorithm());
			String checked = severalRates(property, "plan '" + plan + "' of limit '" + name + "'", settings,
					settings.getRates(), builder);
			try {
				return builder.build();
			}
			catch (IllegalArgumentException ex) {
				throw new InvalidLimiterPropertyException(checked, describe(settings.getRates()), ex.getMessage(), ex);
			}
		}
		if (settings.getCalendar() != null || isCalendar(limit)) {
			return calendarPlan(property, limit, settings);
		}
		long capacity = limit.capacity();
		if (settings.getCapacity() != null) {
			check(property + ".capacity", settings.getCapacity(), LimitDefinitions::checkCapacity);
			capacity = settings.getCapacity();
		}
		Duration period = limit.period();
		if (settings.getPeriod() != null) {
			check(property + ".period", settings.getPeriod(), LimitDefinitions::checkPeriod);
			period = settings.getPeriod();
		}
		try {
			return Limit.of(limit.algorithm(), capacity, period);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property + ".capacity", settings.getCapacity(), ex.getMessage(),
					ex);
		}
	}

	private static boolean isCalendar(Limit limit) {
		return !limit.hasSeveralRates() && limit.rates().get(0).isCalendar();
	}

	/**
	 * Returns a plan of one rate where the plan or the limit is a calendar rate: the plan's own calendar rate, its
	 * capacity in the limit's calendar, or its capacity and period.
	 */
	private static Limit calendarPlan(String property, Limit limit, PlanSettings settings) {
		Limit.Builder builder = Limit.builder(limit.algorithm());
		long capacity = (settings.getCapacity() != null) ? settings.getCapacity() : limit.rates().get(0).capacity();
		if (settings.getCalendar() != null) {
			builder.rate(calendarRate(property, settings));
		}
		else if (settings.getPeriod() != null) {
			check(property + ".period", settings.getPeriod(), (period) -> builder.rate(Rate.of(capacity, period)));
		}
		else {
			checkNoZone(property, settings);
			check(property + ".capacity", capacity, (valid) -> builder.rate(limit.rates().get(0).withCapacity(valid)));
		}
		try {
			return builder.build();
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, describe(List.of(settings)), ex.getMessage(), ex);
		}
	}

	static Set<String> shadowLimits(LimiterProperties properties) {
		Set<String> shadow = new LinkedHashSet<>();
		properties.getLimits().forEach((name, settings) -> {
			if (settings.isShadow()) {
				shadow.add(name);
			}
		});
		return shadow;
	}

	static Map<String, LimiterOptions> options(LimiterProperties properties) {
		Map<String, LimiterOptions> options = new LinkedHashMap<>();
		properties.getLimits().forEach((name, settings) -> {
			LimiterOptions.Builder builder = options(PREFIX + name, settings);
			if (settings.isGlobal()) {
				builder.global(globalBudget(name, settings, properties.getRegions()));
			}
			else if (settings.getMaxLoanShare() != null) {
				throw new InvalidLimiterPropertyException(PREFIX + name + ".max-loan-share", settings.getMaxLoanShare(),
						"a loan share applies to a global limit: set " + PREFIX + name + ".global to true", null);
			}
			options.put(name, builder.build());
		});
		return options;
	}

	/**
	 * Returns the checked options of a limit that cannot be global, as a gateway route's own: its local tier and
	 * failure policy.
	 * @param prefix the limit's property prefix, for messages, such as {@code limiter.limits.hello}
	 * @param settings the limit's settings
	 * @return the options
	 * @throws InvalidLimiterPropertyException also when the settings say {@code global}
	 */
	static LimiterOptions regionalOptions(String prefix, LimitSettings settings) {
		if (settings.isGlobal()) {
			throw new InvalidLimiterPropertyException(prefix + ".global", true,
					"a route's own limit is decided in its region: name a global limit of limiter.limits instead", null);
		}
		return options(prefix, settings).build();
	}

	/**
	 * Returns the checked options of a limit, its local tier and failure policy, to be built.
	 */
	private static LimiterOptions.Builder options(String prefix, LimitSettings settings) {
		String property = prefix + ".local-tier";
		LocalTierSettings localTier = settings.getLocalTier();
		LocalTier.Builder tier = LocalTier.builder().mode(localTier.getMode());
		check(property + ".lease", localTier.getLease(), tier::lease);
		check(property + ".max-batch-share", localTier.getMaxBatchShare(), tier::maxBatchShare);
		check(property + ".maximum-keys", localTier.getMaximumKeys(), tier::maximumKeys);
		LimiterOptions.Builder options = LimiterOptions.builder().localTier(tier.build());
		if (settings.getFailurePolicy() != null) {
			options.failurePolicy(settings.getFailurePolicy());
		}
		return options;
	}

	/**
	 * Returns the checked budget of a global limit: the lease, loan share, safety factor and miss policy of
	 * {@code limiter.regions}, the limit's own loan share where it sets one.
	 */
	private static GlobalBudget globalBudget(String name, LimitSettings settings, RegionsSettings regions) {
		String property = PREFIX + name + ".global";
		if (regions.getRegion() == null) {
			throw new InvalidLimiterPropertyException(property, true,
					"a global limit's budget is shared through the home of limiter.regions, but limiter.regions.region"
							+ " is not set",
					null);
		}
		if (!settings.getRates().isEmpty() || settings.getCalendar() != null
				|| (settings.getAlgorithm() != Algorithm.TOKEN_BUCKET && settings.getAlgorithm() != Algorithm.GCRA)) {
			String shape = !settings.getRates().isEmpty() ? "has " + settings.getRates().size() + " rates"
					: (settings.getCalendar() != null) ? "is a calendar quota"
							: "is " + settings.getAlgorithm().configName();
			throw new InvalidLimiterPropertyException(property, true,
					"a global limit needs token-bucket or gcra of one rate, but '" + name + "' " + shape, null);
		}
		GlobalBudget.Builder budget = GlobalBudget.builder().onMiss(regions.getOnMiss());
		check("limiter.regions.lease", regions.getLease(), budget::lease);
		check("limiter.regions.safety-factor", regions.getSafetyFactor(), budget::safetyFactor);
		check("limiter.regions.max-loan-share", regions.getMaxLoanShare(), budget::maxLoanShare);
		if (settings.getMaxLoanShare() != null) {
			check(PREFIX + name + ".max-loan-share", settings.getMaxLoanShare(), budget::maxLoanShare);
		}
		return budget.build();
	}

	private static Limit limit(String name, LimitSettings settings) {
		String property = PREFIX + name;
		check(property, name, LimitNames::check);
		return limit(property, "limit '" + name + "'", settings);
	}

	/**
	 * Returns the checked limit of one rate or several rates.
	 * @param property the limit's property prefix, for messages, such as {@code limiter.limits.hello}
	 * @param owner whose limit it is, for messages, such as {@code limit 'hello'}
	 * @param settings the limit's settings
	 * @return the limit
	 */
	static Limit limit(String property, String owner, LimitSettings settings) {
		Limit.Builder builder = Limit.builder(settings.getAlgorithm());
		String checked = settings.getRates().isEmpty() ? oneRate(property, settings, builder)
				: severalRates(property, owner, settings, settings.getRates(), builder);
		try {
			return builder.build();
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(checked, valueOf(checked, settings), ex.getMessage(), ex);
		}
	}

	/**
	 * Checks {@code capacity} and {@code period}, or {@code calendar}; returns the property that a failed build is
	 * reported under.
	 */
	private static String oneRate(String property, LimitSettings settings, Limit.Builder builder) {
		if (settings.getCalendar() != null) {
			builder.rate(calendarRate(property, settings));
			return property + ".algorithm";
		}
		checkNoZone(property, settings);
		rate(property, settings.getCapacity(), settings.getPeriod());
		check(property + ".capacity", settings.getCapacity(), (capacity) -> builder.rate(Rate.of(capacity, settings.getPeriod())));
		return property + ".capacity";
	}

	/** Checks and returns the calendar rate of {@code capacity}, {@code calendar} and {@code zone} (UTC if not set). */
	private static Rate calendarRate(String property, RateSettings settings) {
		if (settings.getPeriod() != null) {
			throw new InvalidLimiterPropertyException(property + ".period", settings.getPeriod(),
					"a rate of calendar " + settings.getCalendar().configName()
							+ " takes its windows from the calendar: give period or calendar, not both",
					null);
		}
		if (settings.getCapacity() == null) {
			throw new InvalidLimiterPropertyException(property + ".capacity", null, "capacity must be set", null);
		}
		ZoneId zone = ZoneOffset.UTC;
		if (settings.getZone() != null) {
			try {
				zone = ZoneId.of(settings.getZone());
			}
			catch (DateTimeException ex) {
				throw new InvalidLimiterPropertyException(property + ".zone", settings.getZone(),
						"zone must be a time zone such as UTC, +02:00 or Europe/Berlin", ex);
			}
		}
		try {
			return Rate.ofCalendar(settings.getCapacity(), settings.getCalendar(), zone);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property + ".capacity", settings.getCapacity(), ex.getMessage(),
					ex);
		}
	}

	private static void checkNoZone(String property, RateSettings settings) {
		if (settings.getZone() != null) {
			throw new InvalidLimiterPropertyException(property + ".zone", settings.getZone(),
					"zone places the windows of a calendar rate: set calendar (day, week, month or year) too", null);
		}
	}

	/**
	 * Checks each of the {@code rates} of a limit or a plan, given without {@code capacity} and {@code period}; returns
	 * the property that a failed build is reported under.
	 */
	private static String severalRates(String property, String owner, RateSettings settings, List<RateSettings> rates,
			Limit.Builder builder) {
		if (settings.getCalendar() != null) {
			throw new InvalidLimiterPropertyException(property + ".calendar", settings.getCalendar().configName(),
					owner + " gives calendar and rates: give the calendar in the rate it applies to", null);
		}
		if (settings.getCapacity() != null || settings.getPeriod() != null) {
			String given = (settings.getCapacity() != null) ? ".capacity" : ".period";
			throw new InvalidLimiterPropertyException(property + given,
					(settings.getCapacity() != null) ? settings.getCapacity() : settings.getPeriod(),
					owner + " gives " + given.substring(1)
							+ " and rates: give either capacity and period or a list of rates, not both",
					null);
		}
		for (int i = 0; i < rates.size(); i++) {
			RateSettings rate = rates.get(i);
			String rateProperty = property + ".rates[" + i + "]";
			if (rate.getCalendar() != null) {
				builder.rate(calendarRate(rateProperty, rate));
				continue;
			}
			checkNoZone(rateProperty, rate);
			rate(rateProperty, rate.getCapacity(), rate.getPeriod());
			check(rateProperty, describe(List.of(rate)), (valid) -> builder.rate(rate.getCapacity(), rate.getPeriod()));
		}
		return property + ".rates";
	}

	/**
	 * Checks that a capacity and a period are set and valid, each on its own, so that an error names its property;
	 * whether they go together (their product) is checked when the limit is built.
	 */
	private static void rate(String property, Long capacity, Duration period) {
		if (capacity == null) {
			throw new InvalidLimiterPropertyException(property + ".capacity", null, "capacity must be set", null);
		}
		check(property + ".capacity", capacity, LimitDefinitions::checkCapacity);
		if (period == null) {
			throw new InvalidLimiterPropertyException(property + ".period", null,
					"period must be set, for example 1s or 500ms", null);
		}
		check(property + ".period", period, LimitDefinitions::checkPeriod);
	}

	/** Checks a capacity alone, as the rate of one permit-millisecond per permit that it would be at least. */
	private static void checkCapacity(long capacity) {
		Rate.of(capacity, Duration.ofMillis(1));
	}

	/** Checks a period alone, as the rate of one permit that it would be at least. */
	private static void checkPeriod(Duration period) {
		Rate.of(1, period);
	}

	private static Object valueOf(String property, LimitSettings settings) {
		if (property.endsWith(".algorithm")) {
			return settings.getAlgorithm().configName();
		}
		return property.endsWith(".rates") ? describe(settings.getRates()) : settings.getCapacity();
	}

	private static String describe(List<RateSettings> rates) {
		StringBuilder text = new StringBuilder();
		for (RateSettings rate : rates) {
			text.append((text.length() > 0) ? ", " : "").append(rate.getCapacity()).append(" per ");
			if (rate.getCalendar() != null) {
				text.append("calendar ").append(rate.getCalendar().configName());
			}
			else {
				text.append(rate.getPeriod());
			}
		}
		return text.toString();
	}

	/**
	 * Applies a check that throws {@link IllegalArgumentException} and reports its failure under the
	 * property.
	 */
	static <T> void check(String property, T value, Consumer<T> check) {
		try {
			check.accept(value);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(property, value, ex.getMessage(), ex);
		}
	}

}
