package io.limiter.spring.autoconfigure;

import java.time.Duration;

/**
 * One rate: of a limit of one rate its own settings, else one of its {@code rates}.
 */
public class RateSettings {

	/** Permits per period, which is also the burst of the bucket algorithms. */
	private Long capacity;

	/** Period over which 'capacity' permits are granted, or the window length. */
	private Duration period;

	public Long getCapacity() {
		return this.capacity;
	}

	public void setCapacity(Long capacity) {
		this.capacity = capacity;
	}

	public Duration getPeriod() {
		return this.period;
	}

	public void setPeriod(Duration period) {
		this.period = period;
	}

}
