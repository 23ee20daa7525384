package com.example.outside;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service outside Limiter's build, on the Redis of Spring Boot's connection ({@code spring.data.redis.*}):
 * {@code GET /greeting} and {@code GET /news} are limited by filter rules of application.yml,
 * {@code GET /quotes/{user}} by {@code @RateLimited} on {@link QuoteService}; the limit {@code partner} is for its
 * calls to a partner's API, which {@code GET /partner/ping} stands for.
 */
@SpringBootApplication
public class OutsideApplication {

	public static void main(String[] args) {
		SpringApplication.run(OutsideApplication.class, args);
	}

}
