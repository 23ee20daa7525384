/**
 * The {@code @RateLimited} aspect: limits per method, SpEL keys over the arguments, fallback methods.
 */
package io.limiter.spring.internal.aop;
