/**
 * The rate limit of Spring Cloud Gateway's routes on Spring MVC, behind
 * {@link io.limiter.spring.gateway.mvc.LimiterFilterFunctions}. Not API.
 */
package io.limiter.spring.internal.gateway.mvc;
