/**
 * Spring Cloud Gateway on WebFlux: a gateway {@code RateLimiter} backed by Limiter, and a {@code KeyResolver} by
 * client address. Every decision goes through {@link io.limiter.RateLimiter#tryAcquireAsync(String, long)}; nothing
 * here waits on a thread.
 */
package io.limiter.spring.internal.gateway.webflux;
