/**
 * The starter's internals: how a limit is enforced (failure policy, shadow mode, metrics), shared by the
 * servlet filter, the WebFlux filter and the {@code @RateLimited} aspect. Not an API; it changes without notice.
 */
package io.limiter.spring.internal;
