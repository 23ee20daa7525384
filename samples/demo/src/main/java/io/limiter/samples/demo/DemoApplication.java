package io.limiter.samples.demo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A web application limited by Limiter: {@code /api/hello} per client address by the filter,
 * {@code /api/users/{id}/quote} per user by {@code @RateLimited}, and {@code /bench/limited} against
 * {@code /bench/unlimited} to measure the filter's cost. In memory by default; on a Redis Cluster with
 * {@code --limiter.redis.cluster.nodes=host:port,...} or the {@code cluster} profile.
 */
@SpringBootApplication
public class DemoApplication {

	/**
	 * Starts the demo on port 8080.
	 * @param args Spring Boot arguments, such as {@code --spring.profiles.active=cluster}
	 */
	public static void main(String[] args) {
		SpringApplication.run(DemoApplication.class, args);
	}

}
