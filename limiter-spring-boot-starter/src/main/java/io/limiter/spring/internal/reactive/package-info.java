/**
 * The WebFlux side: the {@link org.springframework.web.server.WebFilter} and its rules, keys of an exchange, and
 * the RateLimit headers and 429 answers on a reactive response. Every decision goes through
 * {@link io.limiter.RateLimiter#tryAcquireAsync(String, long)}; nothing here waits on a thread.
 */
package io.limiter.spring.internal.reactive;
