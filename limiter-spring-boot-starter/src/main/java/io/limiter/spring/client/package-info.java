/**
 * Limits on outbound HTTP calls that wait for a permit: an interceptor for {@code RestClient} and
 * {@code RestTemplate}, and a filter for {@code WebClient}, built by
 * {@link io.limiter.spring.client.LimitedHttpClients} from a limit of the {@link io.limiter.RateLimiterRegistry}. With a Redis backend the limit holds across every
 * instance of the service: "our fleet may call the partner's API 10 times a second in total".
 */
package io.limiter.spring.client;
