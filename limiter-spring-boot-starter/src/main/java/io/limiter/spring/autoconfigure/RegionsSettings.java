package io.limiter.spring.autoconfigure;

import java.time.Duration;

import io.limiter.GlobalBudget;
import io.limiter.MissPolicy;

import org.springframework.boot.context.properties.NestedConfigurationProperty;

/**
 * Settings of a service deployed in several regions, each with its own Redis, under {@code limiter.regions}: this
 * region's name and the home Redis that holds the budgets of the limits marked {@code global}, which the regions
 * borrow in leased loans.
 */
public class RegionsSettings {

	/**
	 * This region's name, 1 to 32 ASCII lower-case letters, digits or '-'. Setting it makes the limits marked global
	 * share one budget through the home; the region's own Redis is the one limiter.redis.* (or Spring Boot's
	 * connection) names.
	 */
	private String region;

	/**
	 * The home: the Redis that holds the global budgets, reached as limiter.redis.* reaches the region's; start-up
	 * waits for it with limiter.redis.startup-wait.
	 */
	@NestedConfigurationProperty
	private final RedisServerSettings home = new RedisServerSettings();

	/** The lease of a loan: how long a region cut off from the home still grants from its pool. */
	private Duration lease = GlobalBudget.DEFAULT_LEASE;

	/**
	 * The loan ceiling as a share of a global limit's capacity: all regions together hold at most this much of a
	 * key's budget, which is also the most a fault-free run can exceed it by. More than 0 and at most 1.
	 */
	private double maxLoanShare = GlobalBudget.DEFAULT_MAX_LOAN_SHARE;

	/**
	 * The low-water mark in borrow latencies of demand, at least 1: a region borrows when its pool lasts less than
	 * this many borrows.
	 */
	private double safetyFactor = GlobalBudget.DEFAULT_SAFETY_FACTOR;

	/**
	 * A request its region's pool cannot cover: borrow (waits one round trip to the home, unless the home's last loan
	 * was short of what the region asked for: then denied at once) or deny (at once, with a retry-after of one borrow).
	 */
	private MissPolicy onMiss = GlobalBudget.DEFAULT_ON_MISS;

	public String getRegion() {
		return this.region;
	}

	public void setRegion(String region) {
		this.region = region;
	}

	public RedisServerSettings getHome() {
		return this.home;
	}

	public Duration getLease() {
		return this.lease;
	}

	public void setLease(Duration lease) {
		this.lease = lease;
	}

	public double getMaxLoanShare() {
		return this.maxLoanShare;
	}

	public void setMaxLoanShare(double maxLoanShare) {
		this.maxLoanShare = maxLoanShare;
	}

	public double getSafetyFactor() {
		return this.safetyFactor;
	}

	public void setSafetyFactor(double safetyFactor) {
		this.safetyFactor = safetyFactor;
	}

	public MissPolicy getOnMiss() {
		return this.onMiss;
	}

	public void setOnMiss(MissPolicy onMiss) {
		this.onMiss = onMiss;
	}

}
