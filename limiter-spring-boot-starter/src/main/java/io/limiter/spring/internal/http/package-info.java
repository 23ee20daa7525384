/**
 * What the servlet filter and the WebFlux filter share, free of either stack: which requests a rule applies to,
 * how a key setting reads, client addresses behind trusted proxies, and the RateLimit fields and 429 problem of an
 * answer.
 */
package io.limiter.spring.internal.http;
