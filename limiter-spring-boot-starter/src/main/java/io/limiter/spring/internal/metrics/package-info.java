/**
 * Micrometer meters of the enforced decisions.
 */
package io.limiter.spring.internal.metrics;
