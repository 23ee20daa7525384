package io.limiter.internal.local;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.lettuce.core.cluster.SlotHash;
import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.internal.StateKeys;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-tier borrowing under real concurrency on the Redis cluster, with the system clock and Redis' time.
 */
class TwoTierConcurrencyIntegrationTests {

	private static final String BORROW = "token-bucket-borrow.lua";

	private final LocalTierFixture instance = LocalTierFixture.withSystemTime();

	@AfterEach
	void close() {
		this.instance.close();
	}

	@ParameterizedTest(name = "{0} threads")
	@ValueSource(ints = { 16, 64, 256 })
	void atMostOneBorrowIsInFlightPerKeyWhateverTheThreadCount(int threads) throws InterruptedException {
		LocalTier tier = LocalTier.builder().mode(LocalTier.Mode.TWO_TIER).maxBatchShare(0.01).build();
		RateLimiter limiter = this.instance.limiter(LocalTierFixture.uniqueName(),
				Limit.of(Algorithm.TOKEN_BUCKET, 1000, Duration.ofSeconds(1)), tier);
		long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(700);
		List<Thread> callers = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			Thread caller = new Thread(() -> {
				while (System.nanoTime() < end) {
					limiter.tryAcquire("hot");
				}
			});
			caller.start();
			callers.add(caller);
		}
		for (Thread caller : callers) {
			caller.join();
		}
		assertThat(this.instance.executor().calls(BORROW)).isGreaterThan(20);
		assertThat(this.instance.executor().mostInFlightPerKey()).isEqualTo(1);
	}

	@Test
	void asynchronousCallersOnTheEventLoopWaitWithoutBlockingIt() throws Exception {
		String name = LocalTierFixture.uniqueName();
		RateLimiter limiter = this.instance.limiter(name, Limit.of(Algorithm.TOKEN_BUCKET, 1000, Duration.ofSeconds(1)),
				LocalTier.twoTier());
		String cold = keyInTheSameSlot(name, "warm");
		CompletableFuture<List<Decision>> nested = limiter.tryAcquireAsync("warm", 1)
			.thenCompose((first) -> {
				List<CompletableFuture<Decision>> decisions = new ArrayList<>();
				for (int i = 0; i < 50; i++) {
					decisions.add(limiter.tryAcquireAsync(cold, 1).toCompletableFuture());
				}
				return CompletableFuture.allOf(decisions.toArray(new CompletableFuture<?>[0]))
					.thenApply((done) -> decisions.stream().map(CompletableFuture::join).toList());
			})
			.toCompletableFuture();
		assertThat(nested.get(5, TimeUnit.SECONDS)).hasSize(50).allMatch(Decision::isAllowed);
		assertThat(this.instance.executor().mostInFlightPerKey()).isEqualTo(1);
	}

	private static String keyInTheSameSlot(String name, String key) {
		int slot = SlotHash.getSlot(StateKeys.redisKey(name, key));
		for (int i = 0;; i++) {
			String candidate = "cold-" + i;
			if (SlotHash.getSlot(StateKeys.redisKey(name, candidate)) == slot) {
				return candidate;
			}
		}
	}

}
