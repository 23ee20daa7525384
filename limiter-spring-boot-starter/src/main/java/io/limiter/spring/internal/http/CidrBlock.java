package io.limiter.spring.internal.http;

/**
 * A block of IP addresses such as {@code 10.0.0.0/8}, {@code fd00::/8} or a single address.
 */
final class CidrBlock {

	private final byte[] network;

	private final int prefixLength;

	private CidrBlock(byte[] network, int prefixLength) {
		this.network = network;
		this.prefixLength = prefixLength;
	}

	/**
	 * Parses a block.
	 * @param text an address, or an address, a slash and a prefix length
	 * @return the block
	 * @throws IllegalArgumentException naming the text when it is not a block
	 */
	static CidrBlock parse(String text) {
		String trimmed = (text != null) ? text.trim() : "";
		int slash = trimmed.indexOf('/');
		byte[] address = IpAddresses.parse((slash >= 0) ? trimmed.substring(0, slash) : trimmed);
		if (address == null) {
			throw new IllegalArgumentException("'" + text + "' is not an IP address or a CIDR block such as "
					+ "10.0.0.0/8 or fd00::/8");
		}
		int maxLength = address.length * 8;
		int prefixLength = maxLength;
		if (slash >= 0) {
			String length = trimmed.substring(slash + 1);
			prefixLength = length.matches("\\d{1,3}") ? Integer.parseInt(length) : -1;
			if (prefixLength < 0 || prefixLength > maxLength) {
				throw new IllegalArgumentException("the prefix length of '" + text + "' must be between 0 and "
						+ maxLength);
			}
		}
		return new CidrBlock(address, prefixLength);
	}

	/**
	 * Returns the network of an address: its first {@code prefixLength} bits, the rest zero.
	 * @param address the bytes of an address
	 * @param prefixLength from 0 to the address's bits
	 * @return new bytes
	 */
	static byte[] network(byte[] address, int prefixLength) {
		byte[] network = new byte[address.length];
		int fullBytes = prefixLength / 8;
		System.arraycopy(address, 0, network, 0, fullBytes);
		int remainingBits = prefixLength % 8;
		if (remainingBits > 0) {
			network[fullBytes] = (byte) (address[fullBytes] & (0xFF << (8 - remainingBits)));
		}
		return network;
	}

	/**
	 * Returns whether an address lies in this block.
	 * @param address the bytes of an address
	 * @return {@code true} when it does
	 */
	boolean contains(byte[] address) {
		if (address.length != this.network.length) {
			return false;
		}
		int fullBytes = this.prefixLength / 8;
		for (int i = 0; i < fullBytes; i++) {
			if (address[i] != this.network[i]) {
				return false;
			}
		}
		int remainingBits = this.prefixLength % 8;
		if (remainingBits == 0) {
			return true;
		}
		int mask = (0xFF << (8 - remainingBits)) & 0xFF;
		return (address[fullBytes] & mask) == (this.network[fullBytes] & mask);
	}

}
