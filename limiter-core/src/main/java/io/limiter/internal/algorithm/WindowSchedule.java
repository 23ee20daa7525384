package io.limiter.internal.algorithm;

import java.time.ZoneId;

import io.limiter.CalendarPeriod;
import io.limiter.Rate;

/**
 * Where the windows of a fixed-window rate start and end: at multiples of the period since the epoch, or, for a
 * calendar rate, where its calendar puts them. {@code fixed-window-state.lua} takes the same windows from its period
 * argument, {@link #scriptPeriod(long)}.
 */
public abstract sealed class WindowSchedule {

	/** How many windows of the calendar a script is told of: the one before the client's, its own and the next. */
	private static final int SCRIPT_WINDOWS = 3;

	/**
	 * Returns the schedule of a rate.
	 * @param rate the rate
	 * @return its windows
	 */
	public static WindowSchedule of(Rate rate) {
		return rate.isCalendar()
				? new Calendar(rate.calendarPeriod().orElseThrow(), rate.zone().orElseThrow())
				: new Epoch(rate.periodMillis());
	}

	/**
	 * Returns the period argument of a fixed-window script: the period in milliseconds, or for a calendar rate the
	 * boundaries of the window before the one that holds the client's time, of that window and of the next,
	 * comma-separated epoch milliseconds, among which the script finds the window that holds its time (the server's).
	 * @param clientMillis the client's time
	 * @return the argument
	 */
	public abstract String scriptPeriod(long clientMillis);

	/**
	 * Returns the start of the window that holds a time.
	 * @param millis the time
	 * @return the start, not after the time
	 */
	abstract long start(long millis);

	/**
	 * Returns the end of the window that holds a time.
	 * @param millis the time
	 * @return the end, after the time
	 */
	abstract long end(long millis);

	/** Windows of one period, aligned to its multiples since the epoch. */
	private static final class Epoch extends WindowSchedule {

		private final long periodMillis;

		private final String scriptPeriod;

		Epoch(long periodMillis) {
			this.periodMillis = periodMillis;
			this.scriptPeriod = Long.toString(periodMillis);
		}

		@Override
		public String scriptPeriod(long clientMillis) {
			return this.scriptPeriod;
		}

		@Override
		long start(long millis) {
			return Windows.start(millis, this.periodMillis);
		}

		@Override
		long end(long millis) {
			return start(millis) + this.periodMillis;
		}

	}

	/**
	 * Windows of the calendar in a time zone. The window last asked for is kept, and so is the script argument of the
	 * client's window, so that the calendar is read once per window rather than once per decision.
	 */
	private static final class Calendar extends WindowSchedule {

		private final CalendarPeriod period;

		private final ZoneId zone;

		private volatile Window last = new Window(0, 0);

		private volatile ScriptPeriod lastScriptPeriod = new ScriptPeriod(new Window(0, 0), "");

		Calendar(CalendarPeriod period, ZoneId zone) {
			this.period = period;
			this.zone = zone;
		}

		@Override
		long start(long millis) {
			return windowOf(millis).start();
		}

		@Override
		long end(long millis) {
			return windowOf(millis).end();
		}

		private Window windowOf(long millis) {
			Window window = this.last;
			if (!window.holds(millis)) {
				window = new Window(CalendarWindows.start(this.period, millis, this.zone),
						CalendarWindows.end(this.period, millis, this.zone));
				this.last = window;
			}
			return window;
		}

		@Override
		public String scriptPeriod(long clientMillis) {
			ScriptPeriod period = this.lastScriptPeriod;
			if (!period.window().holds(clientMillis)) {
				Window window = windowOf(clientMillis);
				long boundary = start(window.start() - 1);
				StringBuilder text = new StringBuilder().append(boundary);
				for (int i = 0; i < SCRIPT_WINDOWS; i++) {
					boundary = end(boundary);
					text.append(',').append(boundary);
				}
				period = new ScriptPeriod(window, text.toString());
				this.lastScriptPeriod = period;
			}
			return period.text();
		}

		private record Window(long start, long end) {

			boolean holds(long millis) {
				return millis >= this.start && millis < this.end;
			}

		}

		/** The script argument of the clients whose time is in a window. */
		private record ScriptPeriod(Window window, String text) {
		}

	}

}
