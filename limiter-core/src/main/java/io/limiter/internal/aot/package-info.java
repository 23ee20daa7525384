/**
 * Spring AOT hints for the core, for GraalVM native images; read by Spring only, through
 * {@code META-INF/spring/aot.factories}.
 */
package io.limiter.internal.aot;
