package io.limiter;

import java.util.List;

import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Where Redis is, given as text or as Lettuce's {@link RedisURI}s, and the namespace: each is checked as it is set,
 * and a backend says where it is and in which namespace without its credentials. Nothing here needs a server: a
 * backend connects in the background, to a port where nothing listens.
 */
class RedisBackendBuilderTests {

	@Test
	void aBackendSaysWhereItIsAndItsNamespaceWithoutCredentials() {
		try (RedisBackend backend = RedisBackend.builder()
			.standalone("rediss://app:s3cret@127.0.0.1:1/2")
			.namespace("orders")
			.build()) {
			assertThat(backend).hasToString("Redis standalone 127.0.0.1:1, database 2 (TLS), namespace 'orders'");
		}
		try (RedisBackend backend = RedisBackend.builder().cluster("127.0.0.1:1, 127.0.0.1:2").build()) {
			assertThat(backend).hasToString("Redis cluster 127.0.0.1:1, 127.0.0.1:2, no namespace");
		}
	}

	@Test
	void aLettuceUriNamesAStandaloneServerOrASentinelSetup() {
		RedisURI sentinel = RedisURI.builder()
			.withSentinelMasterId("mymaster")
			.withSentinel(RedisURI.builder().withHost("127.0.0.1").withPort(1).withAuthentication("s", "pw").build())
			.withAuthentication("app", "s3cret")
			.build();
		try (RedisBackend backend = RedisBackend.builder().server(sentinel).build()) {
			assertThat(backend).hasToString("Redis Sentinel master 'mymaster' via 127.0.0.1:1, no namespace");
		}
		RedisURI standalone = RedisURI.builder().withHost("127.0.0.1").withPort(1).withSsl(true).build();
		try (RedisBackend backend = RedisBackend.builder().server(standalone).build()) {
			assertThat(backend).hasToString("Redis standalone 127.0.0.1:1 (TLS), no namespace");
		}
		try (RedisBackend backend = RedisBackend.builder().cluster(List.of(standalone)).build()) {
			assertThat(backend).hasToString("Redis cluster 127.0.0.1:1 (TLS), no namespace");
		}
	}

	@Test
	void badLettuceUrisAreRefusedAsTheyAreSet() {
		RedisURI badMaster = RedisURI.builder().withSentinelMasterId("my master").withSentinel("127.0.0.1", 1).build();
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().server(badMaster))
			.withMessageContaining("'my master'");
		RedisURI noSentinel = RedisURI.create("redis://127.0.0.1:1");
		noSentinel.setSentinelMasterId("mymaster");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().server(noSentinel))
			.withMessageContaining("at least one Sentinel");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().cluster(List.<RedisURI>of()))
			.withMessageContaining("at least one seed");
	}

	@Test
	void batchBoundsOutOfRangeAreRefusedWithTheirValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().batching(0, 32))
			.withMessage("batching callsInFlight must be between 1 and 1024 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().batching(2, 1))
			.withMessage("batching maxSize must be between 2 and 256 but was 1");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().batching(2, 257))
			.withMessage("batching maxSize must be between 2 and 256 but was 257");
	}

	@Test
	void aBadNamespaceIsRefusedWithItsValue() {
		assertThatIllegalArgumentException().isThrownBy(() -> RedisBackend.builder().namespace("orders service"))
			.withMessage("namespace must be 1 to 64 ASCII letters, digits, '.', '_' or '-' but was 'orders service'");
	}

	@Test
	void exactlyOneServerIsNamed() {
		assertThatIllegalStateException().isThrownBy(() -> RedisBackend.builder().build())
			.withMessageContaining("0 were named");
		assertThatIllegalStateException()
			.isThrownBy(() -> RedisBackend.builder().standalone("redis://127.0.0.1:1").cluster("127.0.0.1:1").build())
			.withMessageContaining("2 were named");
	}

}
