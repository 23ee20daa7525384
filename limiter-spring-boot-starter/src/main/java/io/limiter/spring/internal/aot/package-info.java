/**
 * Spring AOT hints for the starter, for GraalVM native images; read by Spring only, through
 * {@code META-INF/spring/aot.factories}.
 */
package io.limiter.spring.internal.aot;
