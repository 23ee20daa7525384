package io.limiter.internal.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script read from a resource file, with the SHA-1 digest that EVALSHA names it by.
 */
public final class RedisScript {

	private final String name;

	private final String source;

	private final String sha1;

	private RedisScript(String name, String source) {
		this.name = name;
		this.source = source;
		this.sha1 = sha1(source);
	}

	/**
	 * Reads a script that lives beside a class.
	 * @param owner the class whose package holds the resource
	 * @param resourceName the file name, for example {@code token-bucket.lua}
	 * @return the script
	 * @throws IllegalStateException when the resource is missing
	 */
	public static RedisScript load(Class<?> owner, String resourceName) {
		try (InputStream in = owner.getResourceAsStream(resourceName)) {
			if (in == null) {
				throw new IllegalStateException("script " + resourceName + " is missing beside " + owner.getName());
			}
			return new RedisScript(resourceName, new String(in.readAllBytes(), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read script " + resourceName, ex);
		}
	}

	/**
	 * Returns the resource file name.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	/**
	 * Returns the Lua source.
	 * @return the source
	 */
	public String source() {
		return this.source;
	}

	/**
	 * Returns the lower-case hex SHA-1 of the source, as Redis computes it.
	 * @return the digest
	 */
	public String sha1() {
		return this.sha1;
	}

	private static String sha1(String source) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-1 is required by every Java platform", ex);
		}
	}

	@Override
	public String toString() {
		return this.name + "@" + this.sha1;
	}

}
