package io.limiter.spring.internal.gateway;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.integration.LimitNames;

/**
 * What limits one route of a gateway, whatever the gateway's stack: a configured limit by name
 * ({@code limiter.limits.<name>}), or a limit of the route's own given inline by its algorithm and capacity and
 * period or several rates, with the failure policy and local tier that a configured limit may also have.
 * {@link #check(String)} turns the settings into a {@link RouteLimit}, or fails naming the route, the field and the
 * value.
 * @param limit the name of a configured limit, or {@code null} for an inline limit
 * @param name the name of the inline limit, or {@code null} for the route's id
 * @param algorithm the inline limit's algorithm, or {@code null} for the token bucket
 * @param capacity the inline limit's capacity, with its period, or {@code null} when it has rates
 * @param period the inline limit's period, or {@code null} when it has rates
 * @param rates the inline limit's rates, when it has several
 * @param failurePolicy the inline limit's failure policy, or {@code null} for {@code limiter.failure-policy}
 * @param localTier the inline limit's local tier, or {@code null} for the default, which blocks exhausted keys in
 * memory
 */
public record RouteLimitSettings(String limit, String name, Algorithm algorithm, Long capacity, Duration period,
		List<RateValue> rates, FailurePolicy failurePolicy, LocalTier.Mode localTier) {

	/**
	 * Copies the rates.
	 */
	public RouteLimitSettings {
		rates = (rates != null) ? List.copyOf(rates) : List.of();
	}

	/**
	 * Checks the settings.
	 * @param where the route, for messages, such as {@code route 'hello'}
	 * @return the route's limit
	 * @throws IllegalArgumentException naming the route, the field and its value when a setting is bad or missing
	 */
	public RouteLimit check(String where) {
		if (this.limit != null) {
			return named(where);
		}
		if (this.name != null) {
			check(where, "name", this.name, LimitNames::check);
		}
		Limit.Builder builder = Limit.builder().algorithm((this.algorithm != null) ? this.algorithm : Algorithm.TOKEN_BUCKET);
		String reported = this.rates.isEmpty() ? oneRate(where, builder) : severalRates(where, builder);
		Limit built;
		try {
			built = builder.build();
		}
		catch (IllegalArgumentException ex) {
			throw invalid(where, reported, reported.equals("rates") ? this.rates : this.capacity, ex.getMessage());
		}
		LimiterOptions.Builder options = LimiterOptions.builder();
		if (this.localTier != null) {
			options.localTier(LocalTier.builder().mode(this.localTier).build());
		}
		if (this.failurePolicy != null) {
			options.failurePolicy(this.failurePolicy);
		}
		return new RouteLimit.Inline(this.name, built, options.build());
	}

	private RouteLimit named(String where) {
		Object[][] inline = { { "name", this.name }, { "algorithm", this.algorithm }, { "capacity", this.capacity },
				{ "period", this.period }, { "rates", this.rates.isEmpty() ? null : this.rates },
				{ "failure-policy", this.failurePolicy }, { "local-tier", this.localTier } };
		for (Object[] field : inline) {
			if (field[1] != null) {
				throw invalid(where, (String) field[0], field[1], "the route names the limit '" + this.limit
						+ "', whose settings are limiter.limits." + this.limit + ".*; give either a limit or inline settings");
			}
		}
		if (this.limit.isBlank()) {
			throw invalid(where, "limit", this.limit, "a limit name must not be blank");
		}
		return new RouteLimit.Named(this.limit);
	}

	private String oneRate(String where, Limit.Builder builder) {
		if (this.capacity == null) {
			throw invalid(where, "capacity", null,
					"name a limit (limit: <name> of limiter.limits) or give capacity and period, or rates");
		}
		check(where, "capacity", this.capacity, builder::capacity);
		if (this.period == null) {
			throw invalid(where, "period", null, "period must be set, for example 1s or 500ms");
		}
		check(where, "period", this.period, builder::period);
		return "capacity";
	}

	private String severalRates(String where, Limit.Builder builder) {
		if (this.capacity != null || this.period != null) {
			String field = (this.capacity != null) ? "capacity" : "period";
			throw invalid(where, field, (this.capacity != null) ? this.capacity : this.period,
					"give either capacity and period or a list of rates, not both");
		}
		for (int i = 0; i < this.rates.size(); i++) {
			RateValue rate = this.rates.get(i);
			String field = "rates[" + i + "]";
			if (rate.capacity() == null) {
				throw invalid(where, field + ".capacity", null, "capacity must be set");
			}
			if (rate.period() == null) {
				throw invalid(where, field + ".period", null, "period must be set, for example 1s or 500ms");
			}
			check(where, field, rate, (valid) -> builder.rate(valid.capacity(), valid.period()));
		}
		return "rates";
	}

	private static <T> void check(String where, String field, T value, Consumer<T> check) {
		try {
			check.accept(value);
		}
		catch (IllegalArgumentException ex) {
			throw invalid(where, field, value, ex.getMessage());
		}
	}

	private static IllegalArgumentException invalid(String where, String field, Object value, String reason) {
		return new IllegalArgumentException(where + ": " + field + " = " + value + " is not valid: " + reason);
	}

	/**
	 * One rate of an inline limit of several rates.
	 * @param capacity the permits per period
	 * @param period the period
	 */
	public record RateValue(Long capacity, Duration period) {

		@Override
		public String toString() {
			return this.capacity + " per " + this.period;
		}

	}

}
