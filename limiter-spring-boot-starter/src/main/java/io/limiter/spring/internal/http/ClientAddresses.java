package io.limiter.spring.internal.http;

import java.util.List;
import java.util.function.Function;

/**
 * Finds the key of the client that sent a request from its remote address and its header values, free of any
 * HTTP stack: the servlet filter and the WebFlux filter both use it. The key is the client's address, or for IPv6
 * the network of its address ({@code 2001:db8:1:2::/64} by default), as one host commonly holds a whole /64 and
 * could otherwise take a fresh key with every address in it. IPv4-mapped IPv6 addresses count as their IPv4
 * address.
 * <p>
 * The one {@link ForwardedHeader} the proxies write is believed only when the request came from a trusted
 * proxy; its hops are then walked from the right, skipping trusted hops, and the first untrusted hop is the
 * client. So only hops that trusted proxies added are believed: anyone can put any address at the left of the
 * list, or send any other header.
 */
public final class ClientAddresses {

	/** The default IPv6 prefix length by which clients are grouped. */
	public static final int DEFAULT_IPV6_PREFIX_LENGTH = 64;

	private final List<CidrBlock> trustedProxies;

	private final ForwardedHeader header;

	private final int ipv6PrefixLength;

	/**
	 * Creates a resolver that reads {@code X-Forwarded-For} and groups IPv6 clients by /64.
	 * @param trustedProxies addresses and CIDR blocks of the proxies in front of the application
	 * @throws IllegalArgumentException naming the entry that is not an address or a block
	 */
	public ClientAddresses(List<String> trustedProxies) {
		this(trustedProxies, ForwardedHeader.X_FORWARDED_FOR, DEFAULT_IPV6_PREFIX_LENGTH);
	}

	/**
	 * Creates a resolver.
	 * @param trustedProxies addresses and CIDR blocks of the proxies in front of the application
	 * @param header the header the proxies write the client's address into
	 * @param ipv6PrefixLength the length of the network prefix that is the key of an IPv6 client, 1 to 128
	 * @throws IllegalArgumentException naming the entry that is not an address or a block, or the prefix length
	 */
	public ClientAddresses(List<String> trustedProxies, ForwardedHeader header, int ipv6PrefixLength) {
		this(header, ipv6PrefixLength, trustedProxies.stream().map(CidrBlock::parse).toList());
	}

	private ClientAddresses(ForwardedHeader header, int ipv6PrefixLength, List<CidrBlock> trustedProxies) {
		requireIpv6PrefixLength(ipv6PrefixLength);
		this.trustedProxies = List.copyOf(trustedProxies);
		this.header = header;
		this.ipv6PrefixLength = ipv6PrefixLength;
	}

	/**
	 * Checks the length of a network prefix that is the key of an IPv6 client.
	 * @param ipv6PrefixLength the length
	 * @throws IllegalArgumentException when it is not between 1 and 128
	 */
	public static void requireIpv6PrefixLength(int ipv6PrefixLength) {
		if (ipv6PrefixLength < 1 || ipv6PrefixLength > 128) {
			throw new IllegalArgumentException("the IPv6 prefix length must be between 1 and 128");
		}
	}

	/**
	 * Returns a resolver with the same trusted proxies and header that groups IPv6 clients by another prefix.
	 * @param ipv6PrefixLength the length of the network prefix that is the key of an IPv6 client, 1 to 128
	 * @return the resolver
	 * @throws IllegalArgumentException when the prefix length is not between 1 and 128
	 */
	public ClientAddresses withIpv6PrefixLength(int ipv6PrefixLength) {
		return (ipv6PrefixLength == this.ipv6PrefixLength) ? this
				: new ClientAddresses(this.header, ipv6PrefixLength, this.trustedProxies);
	}

	/**
	 * Returns the key of the client of a request.
	 * @param remote the address the request came from, as text
	 * @param headerValues the values of a request header by its name, each line as received (empty when absent)
	 * @return its IPv4 address, the network of its IPv6 address, or the hop as the header gives it when it is no
	 * address (such as {@code unknown})
	 */
	public String resolve(String remote, Function<String, List<String>> headerValues) {
		return key(client(remote, headerValues));
	}

	/**
	 * Returns the address of the client of a request, whole (not grouped into its network), for conditions such as
	 * {@code #clientAddress == '10.1.2.3'}.
	 * @param remote the address the request came from, as text
	 * @param headerValues the values of a request header by its name, each line as received (empty when absent)
	 * @return its address in canonical form, or the hop as the header gives it when it is no address
	 */
	public String address(String remote, Function<String, List<String>> headerValues) {
		String client = client(remote, headerValues);
		byte[] bytes = IpAddresses.parse(client);
		return (bytes != null) ? IpAddresses.format(bytes) : client;
	}

	private String client(String remote, Function<String, List<String>> headerValues) {
		if (this.trustedProxies.isEmpty() || !isTrusted(remote)) {
			return remote;
		}
		List<String> hops = this.header.hops(headerValues);
		for (int i = hops.size() - 1; i >= 0; i--) {
			if (!isTrusted(hops.get(i))) {
				return hops.get(i);
			}
		}
		return hops.isEmpty() ? remote : hops.get(0);
	}

	private String key(String address) {
		byte[] bytes = IpAddresses.parse(address);
		if (bytes == null) {
			return address;
		}
		if (bytes.length == 4) {
			return IpAddresses.format(bytes);
		}
		return IpAddresses.format(CidrBlock.network(bytes, this.ipv6PrefixLength)) + '/' + this.ipv6PrefixLength;
	}

	private boolean isTrusted(String address) {
		byte[] bytes = IpAddresses.parse(address);
		if (bytes == null) {
			return false;
		}
		for (CidrBlock block : this.trustedProxies) {
			if (block.contains(bytes)) {
				return true;
			}
		}
		return false;
	}

}
