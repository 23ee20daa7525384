package io.limiter.internal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Turns a limit name and a user's key into the Redis key that holds its state:
 * {@code limiter:{name:key}}, or {@code limiter:<namespace>:{name:key}} for a backend with a namespace, to which
 * each algorithm appends its own suffix.
 * <p>
 * The namespace stands before the braces, so it keeps services apart without moving any key to another slot; it
 * cannot hold braces or {@code :}, so no namespace spells the prefix of another, nor of a backend without one.
 * <p>
 * The name is written with {@code %} as {@code %25} and {@code :} as {@code %3A}, so the first {@code :} inside the
 * braces always ends it: limit {@code api} with key {@code x:y} and limit {@code api:x} with key {@code y} have keys
 * of their own ({@code limiter:{api:x:y}} and {@code limiter:{api%3Ax:y}}). Names without either character, the
 * usual ones, appear as they are.
 * <p>
 * Everything between the braces is the Redis Cluster hash tag, so every key of one script lands in one slot.
 * A user's key is used as it is when it is short, printable and free of braces; otherwise (and when it
 * starts with {@code #}) it is replaced by {@code #} and the base64url SHA-256 of its UTF-8 bytes, so a key
 * can neither move to another slot, break the hash tag, nor grow Redis memory with its length.
 */
public final class StateKeys {

	/** The longest user key, in UTF-16 characters, that is kept as it is. */
	public static final int MAX_PLAIN_LENGTH = 128;

	/** The longest namespace. */
	public static final int MAX_NAMESPACE_LENGTH = 64;

	/** The keys of a backend without a namespace. */
	public static final StateKeys NO_NAMESPACE = new StateKeys("limiter:");

	private final String prefix;

	private StateKeys(String prefix) {
		this.prefix = prefix;
	}

	/**
	 * Returns the keys of a backend with a namespace.
	 * @param namespace a namespace, or {@code null} for none
	 * @return the keys
	 * @throws IllegalArgumentException naming the value when it is not a {@linkplain #checkNamespace valid}
	 * namespace
	 */
	public static StateKeys of(String namespace) {
		return (namespace != null) ? new StateKeys("limiter:" + checkNamespace(namespace) + ':') : NO_NAMESPACE;
	}

	/**
	 * Checks a namespace: 1 to {@value #MAX_NAMESPACE_LENGTH} ASCII letters, digits, {@code .}, {@code _} or
	 * {@code -}, the characters of usual application names, so that it can neither break a hash tag nor spell
	 * another namespace's prefix.
	 * @param namespace the namespace
	 * @return the namespace
	 * @throws IllegalArgumentException naming the value when it is missing or holds another character
	 */
	public static String checkNamespace(String namespace) {
		if (namespace == null || namespace.isEmpty() || namespace.length() > MAX_NAMESPACE_LENGTH
				|| !namespace.chars().allMatch(StateKeys::isNamespaceCharacter)) {
			throw new IllegalArgumentException("namespace must be 1 to " + MAX_NAMESPACE_LENGTH
					+ " ASCII letters, digits, '.', '_' or '-' but was '" + namespace + "'");
		}
		return namespace;
	}

	private static boolean isNamespaceCharacter(int c) {
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_'
				|| c == '-';
	}

	/**
	 * Returns the Redis key of one user key of one limit in this namespace, without an algorithm suffix.
	 * @param limitName a checked limit name
	 * @param key the user's key, any string
	 * @return the Redis key
	 */
	public String stateKey(String limitName, String key) {
		return this.prefix + '{' + encodeName(limitName) + ':' + encode(key) + '}';
	}

	/**
	 * Returns the key of the sorted set in which the instances of this namespace count each other; its hash tag
	 * is one that no limit's key can have, since theirs always hold a {@code :}.
	 * @return the key
	 */
	public String instancesKey() {
		return this.prefix + "{#instances}";
	}

	/**
	 * Returns the key of the sorted set in which the regions of this namespace count each other at the home of their
	 * global limits; like {@link #instancesKey()}, its hash tag is one that no limit's key can have.
	 * @return the key
	 */
	public String regionsKey() {
		return this.prefix + "{#regions}";
	}

	/**
	 * Returns the Redis key of one user key of one limit of a backend without a namespace.
	 * @param limitName a checked limit name
	 * @param key the user's key, any string
	 * @return the Redis key
	 */
	public static String redisKey(String limitName, String key) {
		return NO_NAMESPACE.stateKey(limitName, key);
	}

	/**
	 * Returns a limit name as it appears inside the hash tag: without {@code :}, so that no name and key can
	 * spell the same tag as another name and key.
	 * @param limitName a checked limit name
	 * @return the name with {@code %} and {@code :} percent-encoded
	 */
	public static String encodeName(String limitName) {
		if (limitName.indexOf(':') < 0 && limitName.indexOf('%') < 0) {
			return limitName;
		}
		return limitName.replace("%", "%25").replace(":", "%3A");
	}

	/**
	 * Returns the user key as it appears inside the hash tag.
	 * @param key the user's key
	 * @return the key itself, or its hash when it cannot be used as it is
	 */
	public static String encode(String key) {
		return isPlain(key) ? key : '#' + sha256(key);
	}

	/**
	 * Returns the key under which a user's key is kept in process memory: the key itself when it is at most
	 * {@link #MAX_PLAIN_LENGTH} characters and does not start with {@code #}, otherwise {@code #} and its hash, so
	 * that strangers cannot grow the heap with long keys. Only the length and the first character are looked at:
	 * braces and control characters break nothing in memory.
	 * @param key the user's key
	 * @return the key itself, or its hash
	 */
	public static String memoryKey(String key) {
		return (key.length() <= MAX_PLAIN_LENGTH && !startsWithHash(key)) ? key : '#' + sha256(key);
	}

	private static boolean startsWithHash(String key) {
		return !key.isEmpty() && key.charAt(0) == '#';
	}

	private static boolean isPlain(String key) {
		if (key.length() > MAX_PLAIN_LENGTH || startsWithHash(key)) {
			return false;
		}
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			if (c == '{' || c == '}' || c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
				return false;
			}
		}
		return true;
	}

	private static String sha256(String key) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
			return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every Java platform", ex);
		}
	}

}
