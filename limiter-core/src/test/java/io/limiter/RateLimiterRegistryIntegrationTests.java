package io.limiter;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RateLimiterRegistry#update(String, Limit)} on a real Redis: the state of a key stays in Redis under
 * the limit's name, so the new settings start from it.
 */
class RateLimiterRegistryIntegrationTests {

	private static final Duration HOUR = Duration.ofHours(1);

	@Test
	void updateKeepsTheStateOfExistingKeys() throws InterruptedException {
		String name = "registry-" + UUID.randomUUID().toString().substring(0, 8);
		try (RedisBackend backend = RedisBackend.builder().standalone(RedisFixtures.standalone().uri())
			.timeout(Duration.ofSeconds(1))
			.minimumTimeout(Duration.ofSeconds(1))
			.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RateLimiterRegistry registry = new RateLimiterRegistry(backend,
					Map.of(name, Limit.of(Algorithm.TOKEN_BUCKET, 10, HOUR)));
			registry.limiter(name).tryAcquire("busy", 8);
			RateLimiter smaller = registry.update(name, Limit.of(Algorithm.TOKEN_BUCKET, 5, HOUR));
			assertThat(smaller.tryAcquire("busy", 0).remaining()).isEqualTo(2);
			assertThat(smaller.tryAcquire("idle", 0).remaining()).isEqualTo(5);
			RateLimiter larger = registry.update(name, Limit.of(Algorithm.TOKEN_BUCKET, 20, HOUR));
			assertThat(larger.tryAcquire("busy", 0).remaining()).isEqualTo(2);
		}
	}

}
