package io.limiter.internal;

/**
 * Who issues the {@linkplain io.limiter.Receipt receipts} of a limiter: one limit name and plan on one backend. Every
 * limiter of that name and plan on the backend reads the marks of the others, before and after an update of the
 * limit, so all of them are one issuer; a limiter of another name, plan or backend is another.
 *
 * @param backend the backend that keeps the state, compared by identity
 * @param name the limit name
 * @param plan the index of the limiter's limit among the name's limits, 0 for a limit without plans
 */
public record ReceiptIssuer(Object backend, String name, int plan) {

	@Override
	public String toString() {
		String plan = (this.plan == 0) ? "" : " (plan " + this.plan + " of its limits)";
		return "limit '" + this.name + "'" + plan + " on " + this.backend.getClass().getSimpleName() + "@"
				+ Integer.toHexString(System.identityHashCode(this.backend));
	}

}
