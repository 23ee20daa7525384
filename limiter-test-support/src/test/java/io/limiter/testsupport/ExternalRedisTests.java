package io.limiter.testsupport;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ExternalRedisTests {

	@Test
	void keepsTheUrlAsGivenForTheClient() {
		ExternalRedis server = ExternalRedis.of("p", "rediss://user:secret@cache.example.com:6380/2");
		assertThat(server.uri()).isEqualTo("rediss://user:secret@cache.example.com:6380/2");
		assertThat(server.host()).isEqualTo("cache.example.com");
		assertThat(server.port()).isEqualTo(6380);
		assertThat(server).hasToString("external Redis cache.example.com:6380");
	}

	@Test
	void theDefaultPortIsRedis() {
		assertThat(ExternalRedis.of("p", "redis://localhost").port()).isEqualTo(6379);
	}

	@Test
	void neverFlushesTheServer() {
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> ExternalRedis.of("p", "redis://localhost:1").flushAll())
			.withMessageContaining("FLUSHALL is never sent to external Redis localhost:1");
	}

	@Test
	void aValueThatIsNotARedisUrlNamesThePropertyAndTheValue() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ExternalRedis.of(RedisFixtures.EXTERNAL_URL_PROPERTY, "localhost:6379"))
			.withMessage("limiter.test.redis.url=localhost:6379 is not a Redis URL: expected redis://host:port or "
					+ "rediss://host:port");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> ExternalRedis.of(RedisFixtures.EXTERNAL_URL_PROPERTY, "http://cache:6379"))
			.withMessageContaining("limiter.test.redis.url=http://cache:6379");
	}

	@Test
	void withoutThePropertyTheContractTestsUseTheSharedServer() {
		assertThat(RedisFixtures.contractStandalone()).isSameAs(RedisFixtures.standalone());
	}

}
