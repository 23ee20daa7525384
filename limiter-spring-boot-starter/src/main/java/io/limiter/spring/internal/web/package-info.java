/**
 * The servlet side: the filter and its rules, request keys, client addresses of servlet requests, and the
 * RateLimit headers and 429 answers.
 */
package io.limiter.spring.internal.web;
