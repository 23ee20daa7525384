package com.example.outside;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service outside Limiter's build: {@code GET /greeting} is limited by a filter rule of application.yml,
 * {@code GET /quotes/{user}} by {@code @RateLimited} on {@link QuoteService}.
 */
@SpringBootApplication
public class OutsideApplication {

	public static void main(String[] args) {
		SpringApplication.run(OutsideApplication.class, args);
	}

}
