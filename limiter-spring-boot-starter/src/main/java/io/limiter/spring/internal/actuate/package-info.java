/**
 * Actuator support: the {@code limiters} endpoint and the health of the Redis connection.
 */
package io.limiter.spring.internal.actuate;
