package io.limiter.spring.internal.web;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;

import io.limiter.spring.internal.http.ClientAddresses;
import io.limiter.spring.internal.http.ForwardedHeader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link ClientAddressResolver} over {@link ClientAddresses}: the one configured forwarded header, believed only from
 * trusted proxies and walked from the right; IPv6 clients grouped by their network.
 */
class ClientAddressResolverTests {

	private static final List<String> PROXIES = List.of("10.0.0.0/8", "fd00::/8", "192.0.2.1");

	private final ClientAddressResolver resolver = resolver(PROXIES);

	@Test
	void withoutTrustedProxiesTheRemoteAddressIsTheClient() {
		ClientAddressResolver trustsNoOne = resolver(List.of());
		assertThat(trustsNoOne.resolve(request("10.0.0.1", "X-Forwarded-For", "203.0.113.1"))).isEqualTo("10.0.0.1");
	}

	@Test
	void untrustedRemoteAddressIgnoresForwardedHeaders() {
		assertThat(this.resolver.resolve(request("198.51.100.1", "X-Forwarded-For", "203.0.113.1")))
			.isEqualTo("198.51.100.1");
		assertThat(forwarded().resolve(request("198.51.100.1", "Forwarded", "for=203.0.113.1")))
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
	void aForwardedHeaderFromTheClientDoesNotWinOverTheXForwardedForOfTheProxy() {
		for (int i = 0; i < 3; i++) {
			MockHttpServletRequest request = request("10.0.0.1", "Forwarded", "for=198.51.100." + i);
			request.addHeader("X-Forwarded-For", "203.0.113.9");
			assertThat(this.resolver.resolve(request)).isEqualTo("203.0.113.9");
		}
	}

	@Test
	void forwardedIsReadWhenItIsTheHeaderOfTheProxiesAndItsNodesAreNormalized() {
		MockHttpServletRequest request = request("fd12::1", "Forwarded",
				"for=203.0.113.60;proto=http, For=\"[2001:db8:cafe::17]:4711\";by=10.0.0.1");
		request.addHeader("X-Forwarded-For", "198.51.100.1");
		assertThat(forwarded().resolve(request)).isEqualTo("2001:db8:cafe::/64");
		assertThat(forwarded().resolve(request("10.0.0.1", "Forwarded", "for=192.0.2.43:8080, for=10.1.1.1")))
			.isEqualTo("192.0.2.43");
		assertThat(forwarded().resolve(request("10.0.0.1", "X-Forwarded-For", "203.0.113.9"))).isEqualTo("10.0.0.1");
	}

	@Test
	void xRealIpIsReadWhenItIsTheHeaderOfTheProxies() {
		ClientAddressResolver realIp = resolver(PROXIES, ForwardedHeader.named("x-real-ip"), 64);
		MockHttpServletRequest request = request("10.0.0.1", "X-Real-IP", "203.0.113.7");
		request.addHeader("X-Forwarded-For", "198.51.100.1");
		assertThat(realIp.resolve(request)).isEqualTo("203.0.113.7");
	}

	@Test
	void headerNamesOtherThanTheThreeAreRejected() {
		assertThat(ForwardedHeader.named(" forwarded ")).isEqualTo(ForwardedHeader.FORWARDED);
		assertThatIllegalArgumentException().isThrownBy(() -> ForwardedHeader.named("X-Client-IP"))
			.withMessage("the header must be X-Forwarded-For, Forwarded or X-Real-IP");
	}

	@Test
	void hopsThatAreNoAddressAreUntrustedKeysAndNeverResolved() {
		assertThat(forwarded().resolve(request("10.0.0.1", "Forwarded", "for=unknown"))).isEqualTo("unknown");
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
	void ipv6ClientsAreGroupedByTheirSlash64() {
		ClientAddressResolver direct = resolver(List.of());
		assertThat(direct.resolve(request("2001:db8:1:2::1", "X", ""))).isEqualTo("2001:db8:1:2::/64");
		assertThat(direct.resolve(request("2001:0DB8:1:2:ffff:ffff:ffff:fffe", "X", "")))
			.isEqualTo("2001:db8:1:2::/64");
		assertThat(direct.resolve(request("2001:db8:1:3::1", "X", ""))).isEqualTo("2001:db8:1:3::/64");
		assertThat(this.resolver.resolve(request("fd00::1", "X-Forwarded-For", "2001:db8:5:6:7::1, fd00::2")))
			.isEqualTo("2001:db8:5:6::/64");
	}

	@Test
	void theIpv6PrefixLengthIsConfigurable() {
		ClientAddressResolver by56 = resolver(List.of(), ForwardedHeader.X_FORWARDED_FOR, 56);
		assertThat(by56.resolve(request("2001:db8:1:2ff::1", "X", ""))).isEqualTo("2001:db8:1:200::/56");
		ClientAddressResolver by128 = resolver(List.of(), ForwardedHeader.X_FORWARDED_FOR, 128);
		assertThat(by128.resolve(request("2001:db8:0:0:1:0:0:1", "X", ""))).isEqualTo("2001:db8::1:0:0:1/128");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> resolver(List.of(), ForwardedHeader.X_FORWARDED_FOR, 0))
			.withMessageContaining("between 1 and 128");
	}

	@Test
	void ipv4MappedAddressesAreTheirIpv4Address() {
		ClientAddressResolver direct = resolver(List.of());
		assertThat(direct.resolve(request("::ffff:192.0.2.5", "X", ""))).isEqualTo("192.0.2.5");
		assertThat(this.resolver.resolve(request("10.0.0.1", "X-Forwarded-For", "[::ffff:c000:206]:80")))
			.isEqualTo("192.0.2.6");
	}

	@Test
	void aRuleMayGroupIpv6ClientsByItsOwnPrefix() {
		ClientAddresses bySlash64 = new ClientAddresses(PROXIES);
		ClientAddressResolver bySlash48 = new ClientAddressResolver(bySlash64.withIpv6PrefixLength(48));
		assertThat(bySlash48.resolve(request("10.0.0.1", "X-Forwarded-For", "2001:db8:1:2::1")))
			.as("the same trusted proxies").isEqualTo("2001:db8:1::/48");
		assertThat(new ClientAddressResolver(bySlash64).resolve(request("2001:db8:1:2::1", "X", "")))
			.isEqualTo("2001:db8:1:2::/64");
		assertThat(bySlash64.withIpv6PrefixLength(64)).isSameAs(bySlash64);
		assertThatIllegalArgumentException().isThrownBy(() -> bySlash64.withIpv6PrefixLength(129))
			.withMessageContaining("between 1 and 128");
	}

	@Test
	void theRequestIsReadAsTheServerReceivedItBeneathEveryWrapper() {
		MockHttpServletRequest received = request("198.51.100.7", "X-Forwarded-For", "203.0.113.1");
		HttpServletRequest asSpringsForwardedHeaderFilterWrapsIt = new HttpServletRequestWrapper(
				new HttpServletRequestWrapper(received)) {
			@Override
			public String getRemoteAddr() {
				return "203.0.113.1";
			}
		};
		assertThat(this.resolver.resolve(asSpringsForwardedHeaderFilterWrapsIt)).isEqualTo("198.51.100.7");
		assertThat(this.resolver.address(asSpringsForwardedHeaderFilterWrapsIt)).isEqualTo("198.51.100.7");
	}

	@Test
	void theAddressOfAClientIsWholeAndCanonical() {
		assertThat(this.resolver.address(request("10.0.0.1", "X-Forwarded-For", "2001:0DB8:1:2:0:0:0:1")))
			.isEqualTo("2001:db8:1:2::1");
		assertThat(this.resolver.address(request("10.0.0.1", "X-Forwarded-For", "unknown"))).isEqualTo("unknown");
	}

	@Test
	void badTrustedProxiesAreReported() {
		assertThatIllegalArgumentException().isThrownBy(() -> resolver(List.of("10.0.0.0/40")))
			.withMessageContaining("prefix length of '10.0.0.0/40' must be between 0 and 32");
		assertThatIllegalArgumentException().isThrownBy(() -> resolver(List.of("10.0.0.256")))
			.withMessageContaining("'10.0.0.256' is not an IP address");
	}

	@Test
	void prefixLengthsThatAreNotWholeBytesMatchBitByBit() {
		ClientAddressResolver resolver = resolver(List.of("172.16.0.0/12"));
		assertThat(resolver.resolve(request("172.31.255.255", "X-Forwarded-For", "203.0.113.5"))).isEqualTo("203.0.113.5");
		assertThat(resolver.resolve(request("172.32.0.1", "X-Forwarded-For", "203.0.113.5"))).isEqualTo("172.32.0.1");
	}

	private static ClientAddressResolver resolver(List<String> trustedProxies) {
		return new ClientAddressResolver(new ClientAddresses(trustedProxies));
	}

	private static ClientAddressResolver resolver(List<String> trustedProxies, ForwardedHeader header,
			int ipv6PrefixLength) {
		return new ClientAddressResolver(new ClientAddresses(trustedProxies, header, ipv6PrefixLength));
	}

	private static ClientAddressResolver forwarded() {
		return resolver(PROXIES, ForwardedHeader.FORWARDED, 64);
	}

	private static MockHttpServletRequest request(String remoteAddress, String header, String value) {
		MockHttpServletRequest request = new MockHttpServletRequest();
		request.setRemoteAddr(remoteAddress);
		request.addHeader(header, value);
		return request;
	}

}
