/**
 * Rate limits for Spring Cloud Gateway on Spring MVC: {@link io.limiter.spring.gateway.mvc.LimiterFilterFunctions}.
 */
package io.limiter.spring.gateway.mvc;
