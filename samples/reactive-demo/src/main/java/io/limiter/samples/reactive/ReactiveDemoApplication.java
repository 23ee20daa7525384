package io.limiter.samples.reactive;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A WebFlux application limited by Limiter as the servlet demo is: {@code /api/hello} per client address by the
 * web filter, {@code /api/users/{id}/quote} per user by {@code @RateLimited} on a method that returns a
 * {@code Mono}. No servlet API on its class path; no decision waits on a Netty thread. In memory by default; on
 * Redis with {@code --limiter.redis.url=redis://host:port} or {@code --limiter.redis.cluster.nodes=host:port,...}.
 */
@SpringBootApplication
public class ReactiveDemoApplication {

	/**
	 * Starts the demo on port 8080.
	 * @param args Spring Boot arguments, such as {@code --limiter.redis.url=redis://localhost:6379}
	 */
	public static void main(String[] args) {
		SpringApplication.run(ReactiveDemoApplication.class, args);
	}

}
