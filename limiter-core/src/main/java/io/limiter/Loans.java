package io.limiter;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the home and this region hold of one key of a global limit, as {@link RegionalBackend#loans(String, String)}
 * read it, for the Actuator endpoint: the home's remaining permits and loan ceiling, each region's loan, and this
 * region's pool. A plain value; read by scripts that write nothing.
 */
public final class Loans {

	private final String region;

	private final boolean homeReachable;

	private final long homeRemaining;

	private final long loanCeiling;

	private final Map<String, Loan> loans;

	private final Loan pool;

	private final long lowWater;

	/**
	 * Creates the value.
	 * @param region this region's name
	 * @param homeReachable whether the home answered; when not, {@code homeRemaining} is 0 and {@code loans} empty
	 * @param homeRemaining the permits the home's bucket holds now, not lent
	 * @param loanCeiling the most permits of the key on loan at once, all regions together
	 * @param loans each region's live loan, by region name
	 * @param pool this region's pool: the permits it holds and the lease left
	 * @param lowWater the pool's low-water mark in permits, below which the region borrows
	 */
	public Loans(String region, boolean homeReachable, long homeRemaining, long loanCeiling, Map<String, Loan> loans,
			Loan pool, long lowWater) {
		this.region = Objects.requireNonNull(region, "region must not be null");
		this.homeReachable = homeReachable;
		this.homeRemaining = homeRemaining;
		this.loanCeiling = loanCeiling;
		this.loans = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(loans,
				"loans must not be null")));
		this.pool = Objects.requireNonNull(pool, "pool must not be null");
		this.lowWater = lowWater;
	}

	/** {@return this region's name} */
	public String region() {
		return this.region;
	}

	/** {@return whether the home answered within its timeout} */
	public boolean isHomeReachable() {
		return this.homeReachable;
	}

	/** {@return the permits the home's bucket holds now and has not lent; 0 when the home did not answer} */
	public long homeRemaining() {
		return this.homeRemaining;
	}

	/** {@return the most permits of the key on loan at once, all regions together} */
	public long loanCeiling() {
		return this.loanCeiling;
	}

	/** {@return each region's live loan as the home records it, by region name; empty when the home did not answer} */
	public Map<String, Loan> loans() {
		return this.loans;
	}

	/** {@return this region's pool: the permits it holds, not yet granted, and the lease left} */
	public Loan pool() {
		return this.pool;
	}

	/** {@return the pool's low-water mark in permits: the region borrows when its pool holds fewer} */
	public long lowWater() {
		return this.lowWater;
	}

	@Override
	public boolean equals(Object other) {
		return this == other || (other instanceof Loans that && this.region.equals(that.region)
				&& this.homeReachable == that.homeReachable && this.homeRemaining == that.homeRemaining
				&& this.loanCeiling == that.loanCeiling && this.loans.equals(that.loans) && this.pool.equals(that.pool)
				&& this.lowWater == that.lowWater);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.region, this.homeReachable, this.homeRemaining, this.loanCeiling, this.loans,
				this.pool, this.lowWater);
	}

	@Override
	public String toString() {
		return "Loans{region=" + this.region + ", homeReachable=" + this.homeReachable + ", homeRemaining="
				+ this.homeRemaining + ", loanCeiling=" + this.loanCeiling + ", loans=" + this.loans + ", pool="
				+ this.pool + ", lowWater=" + this.lowWater + "}";
	}

	/**
	 * Permits lent and not known to be spent, and how long their lease still runs.
	 * @param permits the permits, whole ones (a part of a permit is not counted)
	 * @param leaseRemainingMillis the lease left, 0 when it has ended
	 */
	public record Loan(long permits, long leaseRemainingMillis) {

		/**
		 * Checks the values.
		 * @param permits at least 0
		 * @param leaseRemainingMillis at least 0
		 */
		public Loan {
			if (permits < 0) {
				throw new IllegalArgumentException("permits must be at least 0 but was " + permits);
			}
			if (leaseRemainingMillis < 0) {
				throw new IllegalArgumentException(
						"leaseRemainingMillis must be at least 0 but was " + leaseRemainingMillis);
			}
		}

	}

}
