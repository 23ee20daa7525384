/**
 * What the rate limits of Spring Cloud Gateway's routes share, whatever the gateway's stack: the limit of a route and
 * how its settings become that limit. Not API.
 */
package io.limiter.spring.internal.gateway;
