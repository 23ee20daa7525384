package io.limiter.internal.failure;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CircuitBreakersTests {

	private final AtomicLong now = new AtomicLong(1_000);

	private final CircuitBreakers breakers = new CircuitBreakers(2, Duration.ofMillis(500), this.now::get);

	@Test
	void aFailingNodeOpensItsOwnBreakerOnly() {
		CircuitBreaker dead = this.breakers.forNode("dead");
		dead.onFailure();
		dead.onFailure();
		assertThat(this.breakers.forNode("dead").tryPass()).isFalse();
		assertThat(this.breakers.forNode("alive").tryPass()).isTrue();
		assertThat(this.breakers.isAnyOpen()).isTrue();
	}

	@Test
	void aNodeNoKeyGoesToAnyMoreDoesNotLookOpenForEver() {
		CircuitBreaker dead = this.breakers.forNode("failed-over");
		dead.onFailure();
		dead.onFailure();
		this.now.addAndGet(500);
		assertThat(this.breakers.isAnyOpen()).isFalse();
	}

	@Test
	void forgetsClosedBreakersWhenNodesPileUp() {
		CircuitBreaker open = this.breakers.forNode("open");
		open.onFailure();
		open.onFailure();
		for (int i = 0; i < 5_000; i++) {
			this.breakers.forNode("node-" + i);
		}
		assertThat(this.breakers.forNode("open")).isSameAs(open);
		assertThat(this.breakers.size()).isLessThanOrEqualTo(1024);
	}

}
