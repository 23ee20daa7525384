package io.limiter.spring.internal.web;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Parses IP address literals, never a host name: a forwarded header must not make the filter query DNS.
 */
final class IpAddresses {

	private IpAddresses() {
	}

	/**
	 * Returns the bytes of an IPv4 or IPv6 literal.
	 * @param text the text
	 * @return 4 or 16 bytes (an IPv4-mapped IPv6 address gives 4), or {@code null} when it is no literal
	 */
	static byte[] parse(String text) {
		if (text == null || text.isEmpty()) {
			return null;
		}
		return (text.indexOf(':') >= 0) ? parseV6(text) : parseV4(text);
	}

	private static byte[] parseV4(String text) {
		String[] parts = text.split("\\.", -1);
		if (parts.length != 4) {
			return null;
		}
		byte[] bytes = new byte[4];
		for (int i = 0; i < 4; i++) {
			String part = parts[i];
			if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
				return null;
			}
			int value = Integer.parseInt(part);
			if (value > 255) {
				return null;
			}
			bytes[i] = (byte) value;
		}
		return bytes;
	}

	private static byte[] parseV6(String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (Character.digit(c, 16) < 0 && c != ':' && c != '.') {
				return null;
			}
		}
		try {
			// A text with a colon is parsed as an IPv6 literal or rejected, never resolved.
			return InetAddress.getByName(text).getAddress();
		}
		catch (UnknownHostException ex) {
			return null;
		}
	}

}
