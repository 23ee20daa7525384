package io.limiter.samples.gateway;

import java.net.http.HttpResponse;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.LimiterBackend;
import io.limiter.RedisBackend;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The gateway sample on a real Redis when {@code limiter.redis.url} names one: the route's decisions are made there,
 * in the bucket of limit {@code hello} under the namespace {@code gateway}. The limit's period is stretched to an
 * hour so that nothing refills while the test runs on Redis's clock.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "limiter.filter.trusted-proxies=127.0.0.1,::1", "limiter.limits.hello.period=1h" })
class GatewayOnRedisTests {

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
	}

	@Test
	void decidesInRedis(@Autowired LimiterBackend backend) throws Exception {
		assertThat(backend).isInstanceOf(RedisBackend.class);
		GatewayClient client = new GatewayClient(this.port);
		for (int i = 0; i < 5; i++) {
			assertThat(client.hello("192.0.2.31").statusCode()).isEqualTo(200);
		}
		HttpResponse<String> denied = client.hello("192.0.2.31");
		assertThat(denied.statusCode()).isEqualTo(429);
		assertThat(denied.headers().firstValue("Retry-After")).isPresent();
		RedisClient redis = RedisClient.create(RedisFixtures.standalone().uri());
		try (StatefulRedisConnection<String, String> connection = redis.connect()) {
			// SCAN, not KEYS, whose signature differs between the Lettuce of Boot 4.0 and of Boot 4.1
			assertThat(ScanIterator.scan(connection.sync(), ScanArgs.Builder.matches("limiter:gateway:{hello:192.0.2.31}*"))
				.stream()
				.toList()).isNotEmpty();
		}
		finally {
			redis.shutdown();
		}
	}

}
