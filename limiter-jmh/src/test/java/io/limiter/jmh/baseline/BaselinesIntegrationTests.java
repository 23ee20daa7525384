package io.limiter.jmh.baseline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.jmh.redis.RedisTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BaselinesIntegrationTests {

	private static final Limit TEN_PER_SECOND = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private static final LimiterClock FROZEN = () -> 1_000_000L;

	private static RedisTarget redis;

	@BeforeAll
	static void connect() {
		redis = RedisTarget.connect(null);
	}

	@AfterAll
	static void close() {
		redis.close();
	}

	@Test
	void multiCommandGrantsTheBurstAndCountsTheCommandsTheServersServe() {
		MultiCommandTokenBucket bucket = new MultiCommandTokenBucket(redis.commands(), TEN_PER_SECOND, FROZEN);
		Tally tally = new Tally();
		long before = redis.commandsServed();
		List<Boolean> decisions = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			decisions.add(bucket.tryAcquire("baseline:{multi}", tally));
		}
		assertThat(decisions).containsExactly(true, true, true, true, true, true, true, true, true, true, false, false);
		assertThat(tally.commands).isEqualTo(36);
		assertThat(redis.commandsServed() - before).isEqualTo(tally.commands);
	}

	@Test
	void watchMultiExecGrantsTheBurstOnceOnAHotKeyWhateverTheAborts() throws InterruptedException {
		WatchMultiExecTokenBucket bucket = new WatchMultiExecTokenBucket(redis, TEN_PER_SECOND, FROZEN);
		Tally single = new Tally();
		long before = redis.commandsServed();
		assertThat(bucket.tryAcquire("baseline:{watch-single}", single)).isTrue();
		assertThat(single.commands).isEqualTo(6);
		assertThat(redis.commandsServed() - before).isEqualTo(6);
		AtomicInteger granted = new AtomicInteger();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			threads.add(new Thread(() -> {
				Tally tally = new Tally();
				for (int j = 0; j < 5; j++) {
					if (bucket.tryAcquire("baseline:{watch-hot}", tally)) {
						granted.incrementAndGet();
					}
				}
			}));
		}
		threads.forEach(Thread::start);
		for (Thread thread : threads) {
			thread.join();
		}
		assertThat(granted).hasValue(10);
	}

	private static final class Tally implements CallTally {

		private int commands;

		@Override
		public void commands(int count) {
			this.commands += count;
		}

		@Override
		public void aborted() {
		}

	}

}
