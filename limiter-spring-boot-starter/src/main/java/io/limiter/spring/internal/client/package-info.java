/**
 * Outbound calls routed by their target: which host a call goes to, the host patterns of
 * {@code limiter.outbound.rules}, and the interceptor and filter that hand each call to the limit of the first rule
 * whose hosts match it. Not an API; it changes without notice.
 */
package io.limiter.spring.internal.client;
