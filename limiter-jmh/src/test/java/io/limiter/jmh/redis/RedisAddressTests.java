package io.limiter.jmh.redis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class RedisAddressTests {

	@Test
	void readsAStandaloneUrl() {
		RedisAddress address = RedisAddress.parse("redis://10.0.0.1:6380");
		assertThat(address.isCluster()).isFalse();
		assertThat(address.standalone().getHost()).isEqualTo("10.0.0.1");
		assertThat(address.standalone().getPort()).isEqualTo(6380);
	}

	@Test
	void readsClusterSeedsSeparatedByCommasSemicolonsOrSpaces() {
		RedisAddress address = RedisAddress.parse("h1:7000,h2:7001; h3:7002");
		assertThat(address.isCluster()).isTrue();
		assertThat(address.seeds()).extracting((uri) -> uri.getHost() + ":" + uri.getPort())
			.containsExactly("h1:7000", "h2:7001", "h3:7002");
		assertThat(address).hasToString("cluster h1:7000,h2:7001,h3:7002");
	}

	@Test
	void rejectsTextThatIsNeitherQuotingIt() {
		assertThatIllegalArgumentException().isThrownBy(() -> RedisAddress.parse("h1:7000,h2"))
			.withMessageContaining("'h2' in 'h1:7000,h2'");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisAddress.parse("h1:99999"))
			.withMessageContaining("'h1:99999'");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisAddress.parse(" , "))
			.withMessage("redis must be a redis:// URL or host:port seeds but was ' , '");
	}

}
