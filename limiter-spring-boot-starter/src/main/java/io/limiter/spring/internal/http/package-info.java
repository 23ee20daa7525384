/**
 * What the servlet filter and the WebFlux filter share, free of either stack: which requests a rule applies to,
 * how a key setting reads, what a request without its key is keyed by, client addresses behind trusted proxies,
 * the evaluation contexts of rules' expressions, and the RateLimit fields and 429 problem of an answer.
 */
package io.limiter.spring.internal.http;
