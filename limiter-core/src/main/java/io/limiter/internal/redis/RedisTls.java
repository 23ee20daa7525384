package io.limiter.internal.redis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import io.lettuce.core.SslOptions;

/**
 * Reads the TLS settings of the clients a backend creates: the certificates a server's chain must end in.
 */
public final class RedisTls {

	private RedisTls() {
	}

	/**
	 * Returns TLS settings that trust the certificates of a PEM file instead of the JVM's default trust store; the
	 * server's host name is still verified against its certificate.
	 * @param pemFile a readable PEM file of one or more certificates
	 * @return the settings
	 * @throws IllegalArgumentException naming the path when the file cannot be read
	 */
	public static SslOptions trusting(Path pemFile) {
		Objects.requireNonNull(pemFile, "trustedCertificates must not be null");
		if (!Files.isReadable(pemFile)) {
			throw new IllegalArgumentException("trustedCertificates must be a readable PEM file but was '"
					+ pemFile + "'");
		}
		return SslOptions.builder().jdkSslProvider().trustManager(pemFile.toFile()).build();
	}

}
