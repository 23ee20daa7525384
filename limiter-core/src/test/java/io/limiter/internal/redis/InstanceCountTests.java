package io.limiter.internal.redis;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How many instances an instance counts as heartbeats report them: more at once, fewer only once the higher count
 * is older than a heartbeat's expiry, so that a Redis restarted without its data does not make shares larger.
 */
class InstanceCountTests {

	private final InstanceCount count = new InstanceCount(Duration.ofSeconds(10));

	@Test
	void countsItselfAloneUntilAHeartbeatIsReported() {
		assertThat(this.count.get()).isOne();
	}

	@Test
	void risesAtOnce() {
		this.count.report(1, 0);
		this.count.report(3, 2_000);
		assertThat(this.count.get()).isEqualTo(3);
	}

	@Test
	void aRestartedRedisThatCountsTheInstancesAgainFromNoneLeavesTheCountAsItWas() {
		this.count.report(3, 0);
		this.count.report(1, 2_000);
		this.count.report(2, 4_000);
		assertThat(this.count.get()).isEqualTo(3);
		this.count.report(3, 6_000);
		this.count.report(1, 14_000);
		assertThat(this.count.get()).as("3 was seen 8 s before").isEqualTo(3);
	}

	@Test
	void fallsOnceTheHigherCountIsOlderThanTheExpiry() {
		this.count.report(3, 0);
		this.count.report(2, 9_999);
		assertThat(this.count.get()).isEqualTo(3);
		this.count.report(2, 10_000);
		assertThat(this.count.get()).isEqualTo(2);
	}

}
