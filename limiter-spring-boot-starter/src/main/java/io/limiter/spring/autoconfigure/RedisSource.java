package io.limiter.spring.autoconfigure;

import java.util.function.Consumer;

import io.limiter.RedisBackendBuilder;

/**
 * Where Limiter's Redis is, and which setting said so.
 * @param origin the setting, for the start-up line: a property such as {@code limiter.redis.url}, Spring Boot's
 * Redis connection, or a Lettuce client bean
 * @param server names the server, and its TLS settings, on the core's builder; may throw
 * {@link InvalidLimiterPropertyException} naming a bad setting
 */
record RedisSource(String origin, Consumer<RedisBackendBuilder> server) {
}
