package io.limiter.memory;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.ConcurrencyLimit;
import io.limiter.ConcurrencyLimiter;
import io.limiter.ConcurrencyPermit;
import io.limiter.InMemoryBackend;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.contract.ManualClock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the in-memory decisions allocate once warm, counted by the JVM for this thread
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}) over many decisions of a kept key, without timing
 * anything. The figures are sizes with compressed references, the JVM's default below 32 GB of heap.
 */
class SteadyStateAllocationTests {

	private static final int WARM_UP = 200_000;

	private static final int MEASURED = 200_000;

	/** What the calls answered, kept so that no call can be left out as unused. */
	static long answers;

	private final ManualClock clock = new ManualClock();

	/**
	 * A grant allocates at most its {@code Decision} (64 bytes), the look it was copied from (64; the JIT removes it
	 * where it inlines the algorithm's look, as in the benchmarks: 128 bytes per grant there), its receipt (32) and
	 * the receipt's two marks (32): 192 bytes. No look is made only to be thrown away, no copy of the marks, no
	 * {@code Optional} (208 to 304 bytes per grant before). The sliding window log is left out: its grants store their
	 * permits' times, which is its memory, not a cost of the call.
	 */
	@ParameterizedTest
	@EnumSource(value = Algorithm.class, names = "SLIDING_WINDOW_LOG", mode = EnumSource.Mode.EXCLUDE)
	void aGrantAllocatesItsDecisionItsLookAndItsReceiptAtMost(Algorithm algorithm) {
		try (InMemoryBackend backend = InMemoryBackend.builder().clock(this.clock).build()) {
			RateLimiter limiter = backend.limiter("never-reached", Limit.of(algorithm, 1_000_000_000, Duration.ofHours(1)));
			double bytes = bytesPerCall(() -> limiter.tryAcquire("user-1").isAllowed() ? 1 : 0);
			assertThat(bytes).as("bytes allocated per grant").isLessThanOrEqualTo(192);
		}
	}

	/** A denial of a kept key repeats the key's last denial: nothing allocated. */
	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void aDenialAllocatesNothing(Algorithm algorithm) {
		try (InMemoryBackend backend = InMemoryBackend.builder().clock(this.clock).build()) {
			RateLimiter limiter = backend.limiter("exhausted", Limit.of(algorithm, 1, Duration.ofHours(1)));
			assertThat(limiter.tryAcquire("user-1").isAllowed()).isTrue();
			double bytes = bytesPerCall(() -> limiter.tryAcquire("user-1").isAllowed() ? 1 : 0);
			assertThat(bytes).as("bytes allocated per denial").isLessThan(8);
		}
	}

	/**
	 * A take and release of a key's permit allocates at most the permit (40 bytes), which the JIT may remove where the
	 * permit is closed in the method that took it: the key's count is kept and changed in place, with no lambda, no
	 * boxed count and no future (264 bytes per take and release before).
	 */
	@Test
	void aConcurrencyTakeAndReleaseAllocatesAtMostThePermit() {
		try (InMemoryBackend backend = InMemoryBackend.builder().clock(this.clock).build()) {
			ConcurrencyLimiter limiter = backend.concurrencyLimiter("exports", ConcurrencyLimit.of(1000));
			double bytes = bytesPerCall(() -> {
				try (ConcurrencyPermit permit = limiter.tryAcquire("tenant-1")) {
					return permit.isAllowed() ? 1 : 0;
				}
			});
			assertThat(bytes).as("bytes allocated per take and release").isLessThanOrEqualTo(40);
		}
	}

	private static double bytesPerCall(LongSupplier call) {
		long sink = 0;
		for (int i = 0; i < WARM_UP; i++) {
			sink += call.getAsLong();
		}
		com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
			.getThreadMXBean();
		long thread = Thread.currentThread().getId();
		long before = threads.getThreadAllocatedBytes(thread);
		for (int i = 0; i < MEASURED; i++) {
			sink += call.getAsLong();
		}
		long allocated = threads.getThreadAllocatedBytes(thread) - before;
		answers = sink;
		return (double) allocated / MEASURED;
	}

}
