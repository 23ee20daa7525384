/**
 * Micrometer meters of the decisions and of what the backend does behind them.
 */
package io.limiter.spring.internal.metrics;
