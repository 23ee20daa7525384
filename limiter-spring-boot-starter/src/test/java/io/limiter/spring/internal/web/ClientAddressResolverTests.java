package io.limiter.spring.internal.web;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link ClientAddressResolver}: forwarded headers believed only from trusted proxies, and walked from the
 * right.
 */
class ClientAddressResolverTests {

	private final ClientAddressResolver resolver = new ClientAddressResolver(List.of("10.0.0.0/8", "fd00::/8", "192.0.2.1"));

	@Test
	void withoutTrustedProxiesTheRemoteAddressIsTheClient() {
		ClientAddressResolver trustsNoOne = new ClientAddressResolver(List.of());
		assertThat(trustsNoOne.resolve(request("10.0.0.1", "X-Forwarded-For", "203.0.113.1"))).isEqualTo("10.0.0.1");
	}

	@Test
	void untrustedRemoteAddressIgnoresForwardedHeaders() {
		assertThat(this.resolver.resolve(request("198.51.100.1", "X-Forwarded-For", "203.0.113.1")))
			.isEqualTo("198.51.100.1");
		assertThat(this.resolver.resolve(request("198.51.100.1", "Forwarded", "for=203.0.113.1")))
			.isEqualTo("198.51.100.1");
	}

	@Test
	void rightmostUntrustedHopIsTheClient() {
		assertThat(this.resolver
			.resolve(request("10.0.0.1", "X-Forwarded-For", "1.1.1.1, 203.0.113.9, 192.0.2.1, 10.2.3.4")))
			.isEqualTo("203.0.113.9");
	}

	@Test
	void whenEveryHopIsTrustedTheLeftmostIsTheClient() {
		assertThat(this.resolver.resolve(request("10.0.0.1", "X-Forwarded-For", "10.9.9.9, 10.0.0.5")))
			.isEqualTo("10.9.9.9");
	}

	@Test
	void forwardedHeaderWinsAndItsNodesAreNormalized() {
		MockHttpServletRequest request = request("fd12::1", "Forwarded",
				"for=203.0.113.60;proto=http, For=\"[2001:db8:cafe::17]:4711\";by=10.0.0.1");
		request.addHeader("X-Forwarded-For", "198.51.100.1");
		assertThat(this.resolver.resolve(request)).isEqualTo("2001:db8:cafe::17");
		assertThat(this.resolver.resolve(request("10.0.0.1", "Forwarded", "for=192.0.2.43:8080, for=10.1.1.1")))
			.isEqualTo("192.0.2.43");
	}

	@Test
	void hopsThatAreNoAddressAreUntrustedKeysAndNeverResolved() {
		assertThat(this.resolver.resolve(request("10.0.0.1", "Forwarded", "for=unknown"))).isEqualTo("unknown");
		assertThat(this.resolver.resolve(request("10.0.0.1", "X-Forwarded-For", "localhost, 10.0.0.2")))
			.isEqualTo("localhost");
	}

	@Test
	void severalHeaderLinesFormOneChain() {
		MockHttpServletRequest request = request("10.0.0.1", "X-Forwarded-For", "203.0.113.1");
		request.addHeader("X-Forwarded-For", "203.0.113.2, 10.0.0.3");
		assertThat(this.resolver.resolve(request)).isEqualTo("203.0.113.2");
	}

	@Test
	void badTrustedProxiesAreReported() {
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddressResolver(List.of("10.0.0.0/40")))
			.withMessageContaining("prefix length of '10.0.0.0/40' must be between 0 and 32");
		assertThatIllegalArgumentException().isThrownBy(() -> new ClientAddressResolver(List.of("10.0.0.256")))
			.withMessageContaining("'10.0.0.256' is not an IP address");
	}

	@Test
	void prefixLengthsThatAreNotWholeBytesMatchBitByBit() {
		ClientAddressResolver resolver = new ClientAddressResolver(List.of("172.16.0.0/12"));
		assertThat(resolver.resolve(request("172.31.255.255", "X-Forwarded-For", "203.0.113.5"))).isEqualTo("203.0.113.5");
		assertThat(resolver.resolve(request("172.32.0.1", "X-Forwarded-For", "203.0.113.5"))).isEqualTo("172.32.0.1");
	}

	private static MockHttpServletRequest request(String remoteAddress, String header, String value) {
		MockHttpServletRequest request = new MockHttpServletRequest();
		request.setRemoteAddr(remoteAddress);
		request.addHeader(header, value);
		return request;
	}

}
