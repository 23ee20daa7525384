package io.limiter.samples.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring Cloud Gateway (WebFlux) whose route {@code /hello} is limited by Limiter, per client address, to a burst
 * of 5 refilled at 5 per second; the route forwards to {@link HelloController} in the same application. In memory by
 * default; on Redis with {@code --limiter.redis.url=redis://host:port} or
 * {@code --limiter.redis.cluster.nodes=host:port,...}. The profiles {@code benchmark} and {@code redis-rate-limiter}
 * serve {@code src/soak/gateway-vs-redis.sh}, which compares Limiter with the gateway's own {@code RedisRateLimiter}.
 */
@SpringBootApplication
public class GatewayApplication {

	/**
	 * Starts the gateway on port 8080.
	 * @param args Spring Boot arguments, such as {@code --limiter.redis.url=redis://localhost:6379}
	 */
	public static void main(String[] args) {
		SpringApplication.run(GatewayApplication.class, args);
	}

}
