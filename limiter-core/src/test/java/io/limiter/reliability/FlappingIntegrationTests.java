package io.limiter.reliability;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RedisBackend;
import io.limiter.reliability.InstancesUnderLoad.Run;
import io.limiter.reliability.InstancesUnderLoad.SharedKey;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A standalone Redis without persistence ({@code --save "" --appendonly no}) that crashes and is restarted on its
 * port five times while three instances with default settings decide on one hot key: each restart loses every key,
 * the scripts and the instances' heartbeats. Five flaps in a minute are compressed into {@value #FLAPS} restarts
 * {@link #FLAP_INTERVAL} apart: the bound does not depend on how far apart they come (each restart that loses the
 * state adds one burst; each instance's fallback is one bucket over the whole span of degraded decisions), so a
 * shorter run only leaves less of the budget to hide an excess in. No exception reaches a caller, the instances stay
 * within the bound, every decision comes back within the timeout, and each one the policy made is heard with its
 * reason.
 */
class FlappingIntegrationTests {

	private static final int FLAPS = 5;

	private static final Duration FLAP_INTERVAL = Duration.ofMillis(1500);

	/** How long the server stays down each time, as a supervisor waits before it restarts a crashed process. */
	private static final Duration DOWN = Duration.ofMillis(300);

	/** A burst of 10 and 20 per second, as an API's per-client limit. */
	private static final SharedKey HOT = new SharedKey("flapping",
			Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMillis(500)), "hot");

	@Test
	void redisRestartedFiveTimesUnderLoadLetsNoExceptionThroughAndStaysWithinTheBound() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone();
				InstancesUnderLoad instances = InstancesUnderLoad
					.start((instance) -> RedisBackend.builder().standalone(redis.uri()))) {
			Run run = instances.run(Duration.ofSeconds(14), () -> {
				for (int flap = 0; flap < FLAPS; flap++) {
					long started = System.nanoTime();
					redis.kill();
					Thread.sleep(DOWN.toMillis());
					redis.restart();
					Thread.sleep(Math.max(0, FLAP_INTERVAL.toMillis() - (System.nanoTime() - started) / 1_000_000));
				}
			}, HOT);
			System.out.println("five restarts " + FLAP_INTERVAL.toMillis() + " ms apart: " + run.outcome()
					+ "; reasons " + instances.reasons(HOT.name()));
			instances.assertNeverUnlimited(run, FLAPS);
			assertThat(run.outcome().redisAllowedAfterFault()).as("Redis decides again: %s", run.outcome())
				.isPositive();
		}
	}

}
