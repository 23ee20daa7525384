/**
 * What the rate limits of Spring Cloud Gateway's routes share, whatever the gateway's stack: the settings of a
 * route's limit and the enforcers of its limit. Not API.
 */
package io.limiter.spring.internal.gateway;
