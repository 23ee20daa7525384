/**
 * The {@code @RateLimited} aspect: a Spring AOP advisor, limits per method resolved and checked at start-up, SpEL
 * keys over the arguments, fallback methods, value and reactive results.
 */
package io.limiter.spring.internal.aop;
