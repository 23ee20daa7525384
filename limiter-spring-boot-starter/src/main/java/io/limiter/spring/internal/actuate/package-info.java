/**
 * Actuator support: the {@code limiters} endpoint and the health of the backend.
 */
package io.limiter.spring.internal.actuate;
