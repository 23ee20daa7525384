package com.example.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A gateway outside Limiter's build: its route {@code /hello}, limited per client address by the limit
 * {@code hello} of application.yml through the gateway's {@code RequestRateLimiter} filter, forwards to
 * {@link HelloController}. No Redis: Limiter decides in memory.
 */
@SpringBootApplication
public class OutsideGatewayApplication {

	public static void main(String[] args) {
		SpringApplication.run(OutsideGatewayApplication.class, args);
	}

}
