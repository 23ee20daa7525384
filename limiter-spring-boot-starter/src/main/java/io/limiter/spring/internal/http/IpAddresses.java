package io.limiter.spring.internal.http;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * Parses IP address literals, never a host name (a forwarded header must not make the filter query DNS), and
 * writes addresses in one canonical form.
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

	/**
	 * Returns the text of an address: dotted decimal for IPv4, and for IPv6 lower-case hexadecimal groups without
	 * leading zeros with the longest run of two or more zero groups written {@code ::} (RFC 5952), so that every
	 * spelling of one address gives one text.
	 * @param address 4 or 16 bytes
	 * @return the text
	 */
	static String format(byte[] address) {
		StringBuilder text = new StringBuilder(39);
		if (address.length == 4) {
			for (int i = 0; i < 4; i++) {
				text.append((i > 0) ? "." : "").append(address[i] & 0xFF);
			}
			return text.toString();
		}
		int[] groups = new int[8];
		for (int i = 0; i < 8; i++) {
			groups[i] = ((address[2 * i] & 0xFF) << 8) | (address[2 * i + 1] & 0xFF);
		}
		int runStart = -1;
		int runLength = 0;
		for (int i = 0; i < 8; i++) {
			int length = 0;
			while (i + length < 8 && groups[i + length] == 0) {
				length++;
			}
			if (length > runLength && length >= 2) {
				runStart = i;
				runLength = length;
			}
		}
		for (int i = 0; i < 8; i++) {
			if (i == runStart) {
				text.append("::");
				i += runLength - 1;
				continue;
			}
			if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
				text.append(':');
			}
			text.append(Integer.toHexString(groups[i]));
		}
		return text.toString();
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
