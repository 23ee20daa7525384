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

	private static final String INCLUDE = "--#include ";

	private static final String PREAMBLE = read(RedisScript.class, "preamble.lua");

	private static final String BATCH_DRIVER = "batch.lua";

	private final String name;

	private final String source;

	private final String sha1;

	private final RedisScript batchForm;

	private RedisScript(String name, String source) {
		this(name, source, null);
	}

	private RedisScript(String name, String source, RedisScript batchForm) {
		this.name = name;
		this.source = source;
		this.sha1 = sha1(source);
		this.batchForm = batchForm;
	}

	/**
	 * Reads a script that lives beside a class, behind the shared {@code preamble.lua} (the time, integer
	 * division, whole-number formatting), and with each line {@code --#include /absolute/resource.lua}
	 * replaced by that resource: Redis has no includes, so the parts two scripts share are put together here.
	 * @param owner the class whose package holds the resource
	 * @param resourceName the file name, for example {@code token-bucket.lua}
	 * @return the script
	 * @throws IllegalStateException when the resource or an included one is missing
	 */
	public static RedisScript load(Class<?> owner, String resourceName) {
		return new RedisScript(resourceName, PREAMBLE + withIncludes(read(owner, resourceName)));
	}

	/**
	 * Reads a decision script of one rate as {@link #load} does, with its {@linkplain #batchForm() batch form}: the
	 * same source, preamble included, wrapped as the Lua function {@code decide(KEYS, ARGV)}, followed by
	 * {@code batch.lua} beside this class, which calls it for every key of a call. Both are made from the one file, so
	 * a decision in a batch is made by the very code of the script alone.
	 * @param owner the class whose package holds the resource
	 * @param resourceName the file name, for example {@code token-bucket.lua}
	 * @return the script, with its batch form
	 * @throws IllegalStateException when a resource is missing
	 */
	public static RedisScript withBatchForm(Class<?> owner, String resourceName) {
		String body = withIncludes(read(owner, resourceName));
		RedisScript batch = new RedisScript(BATCH_DRIVER + ":" + resourceName, "local function decide(KEYS, ARGV)\n"
				+ PREAMBLE + body + "end\n" + read(RedisScript.class, BATCH_DRIVER));
		return new RedisScript(resourceName, PREAMBLE + body, batch);
	}

	/**
	 * Reads a script of several rates of one algorithm: the script of one rate, as {@link #load} reads it, wrapped as
	 * the Lua function {@code rate(KEYS, ARGV, read_only)}, followed by a driver beside this class that calls it for
	 * every rate ({@code multi-rate.lua} for decisions, {@code multi-rate-adjust.lua} for admin operations).
	 * @param owner the class whose package holds the script of one rate
	 * @param resourceName the file name of the script of one rate
	 * @param driver the file name of the driver
	 * @return the script
	 * @throws IllegalStateException when a resource is missing
	 */
	public static RedisScript severalRates(Class<?> owner, String resourceName, String driver) {
		return new RedisScript(driver + ":" + resourceName, PREAMBLE + "local function rate(KEYS, ARGV, read_only)\n"
				+ withIncludes(read(owner, resourceName)) + "end\n" + read(RedisScript.class, driver));
	}

	private static String withIncludes(String source) {
		StringBuilder result = new StringBuilder(source.length());
		for (String line : source.split("\n", -1)) {
			if (line.startsWith(INCLUDE)) {
				result.append(read(RedisScript.class, line.substring(INCLUDE.length()).trim()));
			}
			else {
				result.append(line).append('\n');
			}
		}
		return result.toString();
	}

	private static String read(Class<?> owner, String resourceName) {
		try (InputStream in = owner.getResourceAsStream(resourceName)) {
			if (in == null) {
				throw new IllegalStateException("script " + resourceName + " is missing beside " + owner.getName());
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read script " + resourceName, ex);
		}
	}

	/** {@return the resource file name} */
	public String name() {
		return this.name;
	}

	/** {@return the Lua source} */
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

	/**
	 * Returns the form of this script that makes several decisions in one call ({@code batch.lua}): keys
	 * {@code KEYS[i]}, six arguments per decision (this script's, the sixth its mode or empty), one answer per decision.
	 * @return the batch form, or {@code null} when this script has none
	 */
	public RedisScript batchForm() {
		return this.batchForm;
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
