package io.limiter.internal.failure;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CircuitBreakerTests {

	private final AtomicLong now = new AtomicLong(1_000);

	private final CircuitBreaker breaker = new CircuitBreaker(3, Duration.ofMillis(500), this.now::get);

	@Test
	void opensAfterConsecutiveFailuresOnly() {
		this.breaker.onFailure();
		this.breaker.onFailure();
		this.breaker.onSuccess();
		this.breaker.onFailure();
		this.breaker.onFailure();
		assertThat(this.breaker.tryPass()).isTrue();
		this.breaker.onFailure();
		assertThat(this.breaker.isOpen()).isTrue();
		assertThat(this.breaker.tryPass()).isFalse();
		assertThat(this.breaker.millisUntilProbe()).isEqualTo(500);
	}

	@Test
	void letsOneProbeThroughAfterTheOpenTime() {
		open();
		this.now.addAndGet(500);
		assertThat(this.breaker.tryPass()).isTrue();
		assertThat(this.breaker.tryPass()).isFalse();
		this.breaker.onSuccess();
		assertThat(this.breaker.isOpen()).isFalse();
		assertThat(this.breaker.tryPass()).isTrue();
	}

	@Test
	void aFailedProbeOpensItAgain() {
		open();
		this.now.addAndGet(600);
		assertThat(this.breaker.tryPass()).isTrue();
		this.breaker.onFailure();
		assertThat(this.breaker.tryPass()).isFalse();
		assertThat(this.breaker.millisUntilProbe()).isEqualTo(500);
	}

	@Test
	void noLongerCountsAsOpenOnceAProbeIsDue() {
		open();
		this.now.addAndGet(499);
		assertThat(this.breaker.isOpen()).isTrue();
		this.now.addAndGet(1);
		assertThat(this.breaker.isOpen()).isFalse();
		assertThat(this.breaker.tryPass()).isTrue();
		assertThat(this.breaker.isOpen()).as("while the probe is under way").isTrue();
		this.breaker.onFailure();
		assertThat(this.breaker.isOpen()).isTrue();
	}

	@Test
	void checksItsSettings() {
		assertThatIllegalArgumentException().isThrownBy(() -> new CircuitBreaker(0, Duration.ofSeconds(1), this.now::get))
			.withMessageContaining("failureThreshold must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> new CircuitBreaker(1, Duration.ZERO, this.now::get))
			.withMessageContaining("PT0S");
	}

	private void open() {
		for (int i = 0; i < 3; i++) {
			this.breaker.onFailure();
		}
		assertThat(this.breaker.isOpen()).isTrue();
	}

}
