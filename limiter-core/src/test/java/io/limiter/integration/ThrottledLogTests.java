package io.limiter.integration;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.LogCapture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ThrottledLogTests {

	private static final Pattern SUPPRESSED = Pattern.compile("\\((\\d+) similar lines not logged\\)");

	private static final RuntimeException FAILURE = new RuntimeException("connection refused");

	private final AtomicLong now = new AtomicLong(50_000);

	private final ThrottledLog log = new ThrottledLog(System.getLogger("io.limiter"), Duration.ofSeconds(10),
			this.now::get);

	@Test
	void logsTheFirstFailureAtOnceThenOneLinePerIntervalWithTheSuppressedCount() {
		try (LogCapture capture = new LogCapture()) {
			assertThat(this.log.warn("Redis failed", FAILURE)).isTrue();
			for (int i = 0; i < 41; i++) {
				this.now.addAndGet(200);
				assertThat(this.log.warn("Redis failed", FAILURE)).isFalse();
			}
			this.now.addAndGet(1_800);
			assertThat(this.log.warn("Redis failed again", FAILURE)).isTrue();
			this.now.addAndGet(9_999);
			assertThat(this.log.warn("Redis failed", FAILURE)).isFalse();
			this.now.addAndGet(1);
			assertThat(this.log.warn("Redis failed", FAILURE)).isTrue();
			assertThat(capture.lines()).containsExactly(
					"WARNING Redis failed: java.lang.RuntimeException: connection refused",
					"WARNING Redis failed again: java.lang.RuntimeException: connection refused"
							+ " (41 similar lines not logged)",
					"WARNING Redis failed: java.lang.RuntimeException: connection refused"
							+ " (1 similar lines not logged)");
		}
	}

	@Test
	void manyThreadsFailingAtOnceWriteOneLine() throws Exception {
		int threads = 16;
		int failuresPerThread = 1_000;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try (LogCapture capture = new LogCapture()) {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<Integer>> written = new ArrayList<>();
			for (int i = 0; i < threads; i++) {
				written.add(pool.submit(() -> {
					start.await();
					int lines = 0;
					for (int j = 0; j < failuresPerThread; j++) {
						lines += this.log.warn("Redis failed", FAILURE) ? 1 : 0;
					}
					return lines;
				}));
			}
			start.countDown();
			int total = 0;
			for (Future<Integer> future : written) {
				total += future.get(10, TimeUnit.SECONDS);
			}
			assertThat(total).isOne();
			this.now.addAndGet(10_000);
			this.log.warn("Redis failed", FAILURE);
			assertThat(capture.lines()).hasSize(2);
			// failures counted while the first line was being written may be reported by it or by the next one
			assertThat(suppressedIn(capture.lines().get(0)) + suppressedIn(capture.lines().get(1)))
				.isEqualTo(threads * failuresPerThread - 1);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void linesOfALevelThatIsOffAreNeitherBuiltNorCounted() {
		java.util.logging.Logger julLogger = java.util.logging.Logger.getLogger("io.limiter.quiet");
		julLogger.setLevel(java.util.logging.Level.WARNING);
		ThrottledLog quiet = new ThrottledLog(System.getLogger("io.limiter.quiet"), Duration.ofSeconds(10),
				this.now::get);
		try (LogCapture capture = new LogCapture()) {
			assertThat(quiet.log(Level.INFO, () -> {
				throw new AssertionError("built although INFO is off");
			})).isFalse();
			assertThat(quiet.log(Level.WARNING, () -> "shadow limit would have denied")).isTrue();
			assertThat(capture.lines()).containsExactly("WARNING shadow limit would have denied");
		}
		finally {
			julLogger.setLevel(null);
		}
	}

	@Test
	void anIntervalShorterThanAMillisecondIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ThrottledLog(System.getLogger("io.limiter"), Duration.ofNanos(999_999), this.now::get))
			.withMessage("interval must be at least 1ms, was PT0.000999999S");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ThrottledLog(System.getLogger("io.limiter"), Duration.ofSeconds(-1), this.now::get))
			.withMessage("interval must be at least 1ms, was PT-1S");
	}

	private static long suppressedIn(String line) {
		Matcher matcher = SUPPRESSED.matcher(line);
		return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
	}

}
