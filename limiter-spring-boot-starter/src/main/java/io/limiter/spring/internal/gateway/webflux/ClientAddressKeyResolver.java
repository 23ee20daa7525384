package io.limiter.spring.internal.gateway.webflux;

import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.cloud.gateway.filter.ratelimit.KeyResolver;
import org.springframework.web.server.ServerWebExchange;

import io.limiter.spring.internal.reactive.ExchangeClientAddressResolver;

/**
 * A gateway {@link KeyResolver} that keys a request by its client's address, as the starter's filter rules keyed
 * {@code client-address} do: the trusted proxies and forwarded header of {@code limiter.filter}, and IPv6 clients by
 * their network. A request without a remote address has no key, which the gateway's filter denies by default. Where
 * the application's handling of forwarded headers lets a client choose its own address, the first request keyed
 * here says so in the log.
 */
public final class ClientAddressKeyResolver implements KeyResolver {

	private static final Log logger = LogFactory.getLog(ClientAddressKeyResolver.class);

	private final ExchangeClientAddressResolver clients;

	private final String untrusted;

	private final AtomicBoolean warned = new AtomicBoolean();

	/**
	 * Creates the resolver.
	 * @param clients finds the client of a request
	 * @param untrusted why the client's address has no trust boundary in this application, or {@code null}
	 */
	public ClientAddressKeyResolver(ExchangeClientAddressResolver clients, String untrusted) {
		this.clients = clients;
		this.untrusted = untrusted;
	}

	@Override
	public Mono<String> resolve(ServerWebExchange exchange) {
		if (this.untrusted != null && this.warned.compareAndSet(false, true)) {
			logger.warn("A gateway route keys clients by address (limiterClientAddressKeyResolver), but "
					+ this.untrusted);
		}
		String key = this.clients.resolve(exchange.getRequest());
		return key.isEmpty() ? Mono.empty() : Mono.just(key);
	}

}
