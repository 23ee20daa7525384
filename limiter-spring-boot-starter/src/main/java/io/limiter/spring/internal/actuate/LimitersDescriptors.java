package io.limiter.spring.internal.actuate;

import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import io.limiter.CalendarPeriod;
import io.limiter.ConcurrencyLimit;
import io.limiter.Limit;
import io.limiter.Loans;
import io.limiter.Rate;

/**
 * The answers of the {@link LimitersEndpoint}, as JSON shows them.
 */
public final class LimitersDescriptors {

	private LimitersDescriptors() {
	}

	/**
	 * The answer of {@code /actuator/limiters}.
	 * @param backend the simple class name of the backend
	 * @param limits the limits by name
	 * @param concurrencyLimits the concurrency limits by name
	 */
	public record LimitersDescriptor(String backend, Map<String, LimitDescriptor> limits,
			Map<String, ConcurrencyLimitDescriptor> concurrencyLimits) {
	}

	/**
	 * The settings of one concurrency limit.
	 * @param maxInFlight the most permits of one key in flight at once
	 * @param lease how long the permit of a holder that died still counts, ISO-8601
	 */
	public record ConcurrencyLimitDescriptor(long maxInFlight, String lease) {

		static ConcurrencyLimitDescriptor of(ConcurrencyLimit limit) {
			return new ConcurrencyLimitDescriptor(limit.maxInFlight(), limit.lease().toString());
		}

	}

	/**
	 * The settings of one limit.
	 * @param algorithm the algorithm's configuration name
	 * @param capacity the permits per period of a limit of one rate; {@code null} for several, which {@code rates}
	 * lists
	 * @param period the period of a limit of one rate, ISO-8601; {@code null} for several
	 * @param rates every rate
	 * @param shadow whether the limit only counts
	 * @param failurePolicy the failure policy's configuration name
	 * @param plans the limit's named plans, by name
	 * @param global whether the limit's budget is shared by the regions through the home
	 */
	public record LimitDescriptor(String algorithm, @Nullable Long capacity, @Nullable String period,
			List<RateDescriptor> rates, boolean shadow, String failurePolicy, Map<String, PlanDescriptor> plans,
			boolean global) {

		static LimitDescriptor of(Limit limit, boolean shadow, String failurePolicy, Map<String, PlanDescriptor> plans,
				boolean global) {
			PlanDescriptor numbers = PlanDescriptor.of(limit);
			return new LimitDescriptor(limit.algorithm().configName(), numbers.capacity(), numbers.period(),
					numbers.rates(), shadow, failurePolicy, plans, global);
		}

	}

	/**
	 * The numbers of one named plan of a limit.
	 * @param capacity the permits per period of a plan of one rate; {@code null} for several, which {@code rates} lists
	 * @param period the period of a plan of one rate, ISO-8601; {@code null} for several
	 * @param rates every rate of the plan
	 */
	public record PlanDescriptor(@Nullable Long capacity, @Nullable String period, List<RateDescriptor> rates) {

		static PlanDescriptor of(Limit limit) {
			List<RateDescriptor> rates = limit.rates()
				.stream()
				.map(RateDescriptor::of)
				.toList();
			return limit.hasSeveralRates() ? new PlanDescriptor(null, null, rates)
					: new PlanDescriptor(limit.capacity(), limit.period().toString(), rates);
		}

	}

	/**
	 * One rate of a limit.
	 * @param capacity the permits per period
	 * @param period the period, as an ISO-8601 duration (of a calendar rate, its period's nominal length)
	 * @param calendar the calendar period of a calendar rate ({@code day}, {@code week}, {@code month} or
	 * {@code year}); {@code null} for a rate of a fixed period
	 * @param zone the time zone of a calendar rate; {@code null} for a rate of a fixed period
	 */
	public record RateDescriptor(long capacity, String period, @Nullable String calendar, @Nullable String zone) {

		static RateDescriptor of(Rate rate) {
			return new RateDescriptor(rate.capacity(), rate.period().toString(),
					rate.calendarPeriod().map(CalendarPeriod::configName).orElse(null),
					rate.zone().map(ZoneId::getId).orElse(null));
		}

	}

	/**
	 * The state of one key.
	 * @param limit the limit name
	 * @param key the key
	 * @param plan the key's plan, as the plan resolver chooses it without a request
	 * @param capacity the permits per period of the plan's rate closest to refusing (of a plan of one rate, its
	 * capacity)
	 * @param remaining the permits a request could take now
	 * @param resetAfterMillis the time until the key is back to full capacity
	 * @param global of a global limit, what the home and the regions hold of the key; {@code null} otherwise
	 */
	public record KeyStateDescriptor(String limit, String key, String plan, long capacity, long remaining,
			long resetAfterMillis, @Nullable GlobalDescriptor global) {
	}

	/**
	 * What the home and the regions hold of one key of a global limit.
	 * @param region this region
	 * @param homeReachable whether the home answered within its timeout
	 * @param homeRemaining the permits the home holds, not lent; {@code null} when the home did not answer
	 * @param loanCeiling the most permits of the key on loan at once, all regions together
	 * @param loans each region's live loan, by region; empty when the home did not answer
	 * @param pool this region's pool
	 * @param lowWater the pool's low-water mark in permits, below which the region borrows
	 */
	public record GlobalDescriptor(String region, boolean homeReachable, @Nullable Long homeRemaining,
			long loanCeiling, Map<String, LoanDescriptor> loans, LoanDescriptor pool, long lowWater) {

		static GlobalDescriptor of(Loans loans) {
			Map<String, LoanDescriptor> byRegion = new LinkedHashMap<>();
			loans.loans().forEach((region, loan) -> byRegion.put(region, LoanDescriptor.of(loan)));
			return new GlobalDescriptor(loans.region(), loans.isHomeReachable(),
					loans.isHomeReachable() ? loans.homeRemaining() : null, loans.loanCeiling(), byRegion,
					LoanDescriptor.of(loans.pool()), loans.lowWater());
		}

	}

	/**
	 * One region's loan of a key, or this region's pool.
	 * @param permits the permits it holds
	 * @param leaseRemainingMillis the time left of its lease
	 */
	public record LoanDescriptor(long permits, long leaseRemainingMillis) {

		static LoanDescriptor of(Loans.Loan loan) {
			return new LoanDescriptor(loan.permits(), loan.leaseRemainingMillis());
		}

	}

	/**
	 * The permits of one key of a concurrency limit in flight now, across every instance.
	 * @param limit the limit name
	 * @param key the key
	 * @param maxInFlight the most permits of the key in flight at once
	 * @param inFlight the permits in flight now
	 */
	public record InFlightDescriptor(String limit, String key, long maxInFlight, long inFlight) {
	}

	/**
	 * What an admin operation did.
	 * @param limit the limit name
	 * @param key the key
	 * @param plan the plan whose numbers the operation was applied with, as {@link KeyStateDescriptor} names it
	 * @param operation {@code reset}, {@code refund} or {@code penalty}
	 * @param permits the permits given back or taken; 0 for a reset
	 */
	public record AdminResultDescriptor(String limit, String key, String plan, String operation, long permits) {
	}

	/**
	 * Why an admin operation was refused or failed.
	 * @param error the reason
	 */
	public record AdminErrorDescriptor(String error) {
	}

}
