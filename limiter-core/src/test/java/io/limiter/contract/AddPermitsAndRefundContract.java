package io.limiter.contract;

import java.time.Duration;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.Limit;
import io.limiter.RateLimiter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two give-backs of a key, on a fixed window whose grant was made in the window before the current one:
 * {@code refund(key, grant)} gives back only where the grant took (nothing, its window is over), and
 * {@code addPermits(key, n)} gives the current window permits, whoever took them.
 */
abstract class AddPermitsAndRefundContract {

	private static final Duration WINDOW = Duration.ofSeconds(100);

	private ManualClock clock;

	private RateLimiter limiter;

	protected abstract BackendFixture fixture();

	@BeforeEach
	void newLimit() {
		this.clock = fixture().clock();
		this.clock.reset();
		this.limiter = fixture().backend()
			.limiter("give-back-" + System.nanoTime(), Limit.of(Algorithm.FIXED_WINDOW, 10, WINDOW));
	}

	@Test
	void aRefundOfAGrantOfAnEarlierWindowGivesNothingBackToTheCurrentOne() {
		Decision firstWindow = exhaustTheNextWindowAfterAGrantOfFour();
		this.limiter.refund("k", firstWindow);
		assertThat(this.limiter.tryAcquire("k", 0).remaining()).isZero();
		assertThat(this.limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	@Test
	void addedPermitsGoToTheCurrentWindowWhoeverTookThem() {
		exhaustTheNextWindowAfterAGrantOfFour();
		this.limiter.addPermits("k", 4);
		assertThat(this.limiter.tryAcquire("k", 0).remaining()).isEqualTo(4);
		assertThat(this.limiter.tryAcquire("k", 4).isAllowed()).isTrue();
		assertThat(this.limiter.tryAcquire("k", 1).isAllowed()).isFalse();
	}

	@Test
	void aRefundOfAGrantOfTheCurrentWindowGivesItBack() {
		this.limiter.tryAcquire("k", 6);
		Decision grant = this.limiter.tryAcquire("k", 4);
		this.limiter.refund("k", grant);
		assertThat(this.limiter.tryAcquire("k", 0).remaining()).isEqualTo(4);
	}

	private Decision exhaustTheNextWindowAfterAGrantOfFour() {
		Decision grant = this.limiter.tryAcquire("k", 4);
		assertThat(grant.isAllowed()).isTrue();
		this.clock.advance(WINDOW.toMillis());
		assertThat(this.limiter.tryAcquire("k", 10).isAllowed()).as("the next window is full").isTrue();
		return grant;
	}

}
