package io.limiter.internal;

import io.limiter.Algorithm;

/**
 * Who issues the {@linkplain io.limiter.Receipt receipts} of a limiter: one limit name and plan on one backend, with
 * the algorithm whose state the grants were taken from. Every limiter of that name and plan on the backend reads the
 * marks of the others, before and after an update of the limit's capacity or period, so all of them are one issuer.
 * An update to another algorithm starts every key afresh, so the limiters after it are another issuer of the same
 * limit ({@link #startedAfresh(Object)}); a limiter of another name, plan or backend is another issuer altogether.
 *
 * @param backend the backend that keeps the state, compared by identity
 * @param name the limit name
 * @param plan the index of the limiter's limit among the name's limits, 0 for a limit without plans
 * @param algorithm the limit's algorithm
 */
public record ReceiptIssuer(Object backend, String name, int plan, Algorithm algorithm) {

	/**
	 * Returns whether another issuer is this limit and plan on this backend before or after a change of algorithm,
	 * whose grants were taken from a state that the change released.
	 * @param other the issuer of a receipt, {@code null} for none
	 * @return {@code true} when only the algorithm differs
	 */
	public boolean startedAfresh(Object other) {
		return other instanceof ReceiptIssuer that && this.backend == that.backend && this.name.equals(that.name)
				&& this.plan == that.plan && this.algorithm != that.algorithm;
	}

	@Override
	public String toString() {
		String plan = (this.plan == 0) ? "" : " (plan " + this.plan + " of its limits)";
		return "limit '" + this.name + "'" + plan + " on " + this.backend.getClass().getSimpleName() + "@"
				+ Integer.toHexString(System.identityHashCode(this.backend));
	}

}
