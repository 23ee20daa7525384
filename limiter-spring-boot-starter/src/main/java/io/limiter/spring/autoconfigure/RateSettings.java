package io.limiter.spring.autoconfigure;

import java.time.Duration;

import io.limiter.CalendarPeriod;

/**
 * One rate: of a limit of one rate its own settings, else one of its {@code rates}. A rate is {@code capacity} per
 * {@code period}, or {@code capacity} per {@code calendar} day, week, month or year in a {@code zone}.
 */
public class RateSettings {

	/** Permits per period, which is also the burst of the bucket algorithms. */
	private Long capacity;

	/** Period over which 'capacity' permits are granted, or the window length. */
	private Duration period;

	/** Calendar period (day, week, month or year) whose windows the rate counts in; instead of period. */
	private CalendarPeriod calendar;

	/** Time zone whose midnight starts the calendar windows, such as Europe/Berlin; UTC when not set. */
	private String zone;

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

	public CalendarPeriod getCalendar() {
		return this.calendar;
	}

	public void setCalendar(CalendarPeriod calendar) {
		this.calendar = calendar;
	}

	public String getZone() {
		return this.zone;
	}

	public void setZone(String zone) {
		this.zone = zone;
	}

}
