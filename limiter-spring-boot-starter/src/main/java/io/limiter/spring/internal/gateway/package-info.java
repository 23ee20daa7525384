/**
 * What the Spring Cloud Gateway integrations share: the limit of a route, from its settings.
 */
package io.limiter.spring.internal.gateway;
