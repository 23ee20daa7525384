package io.limiter.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

/**
 * A private certificate authority and a server certificate for {@code 127.0.0.1} and {@code localhost}, made with
 * {@code openssl} from the {@code PATH} in a directory, for TLS Redis servers in tests.
 */
public final class Certificates {

	private final Path ca;

	private final Path serverCertificate;

	private final Path serverKey;

	private final SSLSocketFactory trustingSocketFactory;

	private Certificates(Path ca, Path serverCertificate, Path serverKey) {
		this.ca = ca;
		this.serverCertificate = serverCertificate;
		this.serverKey = serverKey;
		this.trustingSocketFactory = socketFactoryTrusting(ca);
	}

	/**
	 * Creates the CA and the server certificate, valid for two days.
	 * @param directory where the files go
	 * @return the files
	 * @throws IOException when {@code openssl} cannot run or fails
	 */
	public static Certificates create(Path directory) throws IOException {
		Path ca = directory.resolve("ca.crt");
		Path caKey = directory.resolve("ca.key");
		Path certificate = directory.resolve("server.crt");
		Path key = directory.resolve("server.key");
		Path request = directory.resolve("server.csr");
		Path extensions = directory.resolve("server.ext");
		Files.writeString(extensions, "subjectAltName=IP:127.0.0.1,DNS:localhost\n", StandardCharsets.UTF_8);
		openssl(directory, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
				"-keyout", caKey.toString(), "-out", ca.toString(), "-days", "2", "-subj", "/CN=Limiter Test CA");
		openssl(directory, "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
				key.toString(), "-out", request.toString(), "-subj", "/CN=localhost");
		openssl(directory, "x509", "-req", "-in", request.toString(), "-CA", ca.toString(), "-CAkey",
				caKey.toString(), "-CAcreateserial", "-out", certificate.toString(), "-days", "2", "-extfile",
				extensions.toString());
		return new Certificates(ca, certificate, key);
	}

	/**
	 * Returns the CA certificate, the one file a client needs to trust the servers.
	 * @return the PEM file of the CA
	 */
	public Path ca() {
		return this.ca;
	}

	/**
	 * Returns the server certificate, signed by the {@linkplain #ca() CA}.
	 * @return the PEM file
	 */
	public Path serverCertificate() {
		return this.serverCertificate;
	}

	/**
	 * Returns the server's private key.
	 * @return the PEM file
	 */
	public Path serverKey() {
		return this.serverKey;
	}

	/**
	 * Returns the {@code redis-server} arguments that open a TLS port with these certificates, clients needing no
	 * certificate of their own.
	 * @param tlsPort the TLS port
	 * @return the arguments
	 */
	public String[] serverArguments(int tlsPort) {
		return new String[] { "--tls-port", Integer.toString(tlsPort), "--tls-cert-file",
				this.serverCertificate.toString(), "--tls-key-file", this.serverKey.toString(), "--tls-ca-cert-file",
				this.ca.toString(), "--tls-auth-clients", "no" };
	}

	/** {@return a socket factory whose connections trust the {@linkplain #ca() CA} and nothing else} */
	SSLSocketFactory trustingSocketFactory() {
		return this.trustingSocketFactory;
	}

	private static SSLSocketFactory socketFactoryTrusting(Path ca) {
		try (InputStream pem = Files.newInputStream(ca)) {
			KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
			trusted.load(null, null);
			int index = 0;
			for (Certificate certificate : CertificateFactory.getInstance("X.509").generateCertificates(pem)) {
				trusted.setCertificateEntry("ca-" + index++, certificate);
			}
			TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
			trust.init(trusted);
			SSLContext context = SSLContext.getInstance("TLS");
			context.init(null, trust.getTrustManagers(), null);
			return context.getSocketFactory();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read " + ca, ex);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot trust " + ca, ex);
		}
	}

	private static void openssl(Path directory, String... arguments) throws IOException {
		List<String> command = new ArrayList<>(List.of("openssl"));
		command.addAll(List.of(arguments));
		Path log = directory.resolve("openssl.log");
		Process process = new ProcessBuilder(command).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		try {
			if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IOException(command + " failed: " + Files.readString(log, StandardCharsets.UTF_8));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted while running " + command, ex);
		}
	}

}
