/**
 * The servlet side: the filter and its rules, request keys, client addresses behind trusted proxies, and the
 * RateLimit headers and 429 answers. {@link io.limiter.spring.internal.web.ClientAddresses}, the trusted-proxy
 * rules without the servlet API, serves the WebFlux side too.
 */
package io.limiter.spring.internal.web;
