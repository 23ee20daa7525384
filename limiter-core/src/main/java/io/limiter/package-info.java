/**
 * Limiter's API: limits ({@link io.limiter.Limit}, {@link io.limiter.Rate}, {@link io.limiter.Algorithm}), the
 * limiters that apply them ({@link io.limiter.RateLimiter}, {@link io.limiter.RateLimiterRegistry}), their decisions
 * ({@link io.limiter.Decision}), and the backends that keep the state ({@link io.limiter.InMemoryBackend},
 * {@link io.limiter.RedisBackend}) with their options and observer. Everything an application uses is here;
 * {@code io.limiter.integration} is for integrations such as the Spring Boot starter, and {@code io.limiter.internal}
 * is the implementation. Both may change in any release.
 */
package io.limiter;
