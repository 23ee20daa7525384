package io.limiter.jmh.baseline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.LimiterClock;
import io.limiter.jmh.redis.RedisTarget;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BaselinesIntegrationTests {

	private static final Limit TEN_PER_SECOND = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(1));

	private static final LimiterClock FROZEN = () -> 1_000_000L;

	private static RedisTarget redis;

	private static RedisServerProcess privateServer;

	private static RedisTarget quietRedis;

	@BeforeAll
	static void connect() {
		redis = RedisTarget.connect(null);
		// Command counts need a server that nothing else in this JVM talks to.
		privateServer = RedisFixtures.startStandalone();
		quietRedis = RedisTarget.connect(privateServer.uri());
	}

	@AfterAll
	static void close() {
		redis.close();
		quietRedis.close();
		privateServer.stop();
	}

	@Test
	void multiCommandGrantsTheBurstAndCountsTheCommandsTheServersServe() {
		MultiCommandTokenBucket bucket = new MultiCommandTokenBucket(quietRedis.commands(), TEN_PER_SECOND, FROZEN);
		Tally tally = new Tally();
		long before = quietRedis.commandsServed();
		List<Boolean> decisions = new ArrayList<>();
		for (int i = 0; i < 12; i++) {
			decisions.add(bucket.tryAcquire("baseline:{multi}", tally));
		}
		assertThat(decisions).containsExactly(true, true, true, true, true, true, true, true, true, true, false, false);
		assertThat(tally.commands).isEqualTo(36);
		assertThat(quietRedis.commandsServed() - before).isEqualTo(tally.commands);
	}

	@Test
	void watchMultiExecCountsItsCommandsAndGrantsTheBurstOnceOnAHotClusterKeyWhateverTheAborts() throws InterruptedException {
		WatchMultiExecTokenBucket quiet = new WatchMultiExecTokenBucket(quietRedis, TEN_PER_SECOND, FROZEN);
		Tally single = new Tally();
		long before = quietRedis.commandsServed();
		assertThat(quiet.tryAcquire("baseline:{watch-single}", single)).isTrue();
		assertThat(single.commands).isEqualTo(6);
		assertThat(quietRedis.commandsServed() - before).isEqualTo(6);
		WatchMultiExecTokenBucket bucket = new WatchMultiExecTokenBucket(redis, TEN_PER_SECOND, FROZEN);
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
