package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.limiter.Algorithm;
import io.limiter.FailurePolicy;

/**
 * Settings of one limit: its one rate ({@code capacity} and {@code period}), or its {@code rates}.
 */
public class LimitSettings extends RateSettings {

	/** Algorithm: token-bucket, gcra, fixed-window, sliding-window-counter or sliding-window-log. */
	private Algorithm algorithm = Algorithm.TOKEN_BUCKET;

	/** Several rates that must all allow a request, each a capacity and a period; instead of capacity/period. */
	private final List<RateSettings> rates = new ArrayList<>();

	/** Whether denials are only counted and logged, never enforced. */
	private boolean shadow;

	/** What a decision is when the backend fails; the global 'limiter.failure-policy' when not set. */
	private FailurePolicy failurePolicy;

	private final LocalTierSettings localTier = new LocalTierSettings();

	/**
	 * Whether the limit's budget is global: shared by the regions of limiter.regions through the home (token bucket
	 * or GCRA of one rate). Needs limiter.regions.region.
	 */
	private boolean global;

	/** This global limit's loan ceiling share; limiter.regions.max-loan-share when not set. */
	private Double maxLoanShare;

	/**
	 * Named plans beside the limit's own capacity and period (the plan 'default'), chosen per key by a
	 * LimitPlanResolver bean; they share each key's state.
	 */
	private final Map<String, PlanSettings> plans = new LinkedHashMap<>();

	public Algorithm getAlgorithm() {
		return this.algorithm;
	}

	public void setAlgorithm(Algorithm algorithm) {
		this.algorithm = algorithm;
	}

	public List<RateSettings> getRates() {
		return this.rates;
	}

	public boolean isShadow() {
		return this.shadow;
	}

	public void setShadow(boolean shadow) {
		this.shadow = shadow;
	}

	public FailurePolicy getFailurePolicy() {
		return this.failurePolicy;
	}

	public void setFailurePolicy(FailurePolicy failurePolicy) {
		this.failurePolicy = failurePolicy;
	}

	public boolean isGlobal() {
		return this.global;
	}

	public void setGlobal(boolean global) {
		this.global = global;
	}

	public Double getMaxLoanShare() {
		return this.maxLoanShare;
	}

	public void setMaxLoanShare(Double maxLoanShare) {
		this.maxLoanShare = maxLoanShare;
	}

	public LocalTierSettings getLocalTier() {
		return this.localTier;
	}

	public Map<String, PlanSettings> getPlans() {
		return this.plans;
	}

}
