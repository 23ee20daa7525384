package io.limiter.internal.redis;

import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A Sentinel setup is read from a master name and Sentinels given as {@code host:port} or URLs: each Sentinel keeps
 * its own credentials, and the master is reached with the credentials, database and TLS of the first; bad values
 * are named with their user info masked.
 */
class RedisEndpointsSentinelTests {

	@Test
	void hostsAndPortsNameTheSentinels() {
		RedisURI setup = RedisEndpoints.sentinel("mymaster", "10.0.0.1:26379, 10.0.0.2:26380");
		assertThat(setup.getSentinelMasterId()).isEqualTo("mymaster");
		assertThat(setup.getSentinels()).extracting(RedisURI::getHost, RedisURI::getPort)
			.containsExactly(Tuple.tuple("10.0.0.1", 26379),
					Tuple.tuple("10.0.0.2", 26380));
		assertThat(setup.isSsl()).isFalse();
		assertThat(credentials(setup).hasPassword()).isFalse();
	}

	@Test
	void theFirstUrlsCredentialsDatabaseAndTlsReachTheMasterAndTlsEverySentinel() {
		RedisURI setup = RedisEndpoints.sentinel("mymaster",
				"rediss://app:s3cret@10.0.0.1:26379/2,redis://other:pw@10.0.0.2:26379");
		assertThat(credentials(setup).getUsername()).isEqualTo("app");
		assertThat(credentials(setup).getPassword()).containsExactly("s3cret".toCharArray());
		assertThat(setup.getDatabase()).isEqualTo(2);
		assertThat(setup.isSsl()).isTrue();
		assertThat(setup.getSentinels()).allMatch(RedisURI::isSsl);
		assertThat(credentials(setup.getSentinels().get(1)).getUsername()).isEqualTo("other");
	}

	@Test
	void aBadMasterNameOrNodeIsNamedWithoutItsPassword() {
		assertThatIllegalArgumentException().isThrownBy(() -> RedisEndpoints.sentinel(" ", "10.0.0.1:26379"))
			.withMessageContaining("sentinel master");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisEndpoints.sentinel("my master", "10.0.0.1:26379"))
			.withMessageContaining("'my master'");
		assertThatIllegalArgumentException().isThrownBy(() -> RedisEndpoints.sentinel("m", null))
			.withMessageContaining("sentinel nodes");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisEndpoints.sentinel("m", "10.0.0.1:26379,app:s3cret@10.0.0.2"))
			.withMessageContaining("sentinel nodes")
			.withMessageContaining("'******@10.0.0.2'")
			.withMessageNotContaining("s3cret");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RedisEndpoints.sentinel("m", "redis://app:s3cret@10.0.0.2:notaport"))
			.withMessageNotContaining("s3cret");
	}

	private static RedisCredentials credentials(RedisURI uri) {
		return uri.getCredentialsProvider().resolveCredentials().block();
	}

}
