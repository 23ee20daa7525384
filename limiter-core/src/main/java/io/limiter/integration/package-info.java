/**
 * What Limiter's integrations share with the core, such as the Spring Boot starter: the check of limit names, the
 * masking of Redis credentials in messages, a log that cannot flood, keys escaped for logs. Public because integrations live in other
 * modules, but not API for applications: anything here may change in any release, without deprecation.
 * Applications use {@code io.limiter}.
 */
package io.limiter.integration;
