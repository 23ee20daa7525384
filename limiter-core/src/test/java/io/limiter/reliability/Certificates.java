package io.limiter.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A certificate authority and a server certificate for {@code 127.0.0.1} and {@code localhost}, made with
 * {@code openssl} in a directory, for a TLS Redis in tests.
 * @param ca the CA certificate (PEM)
 * @param serverCertificate the server certificate (PEM), signed by the CA
 * @param serverKey the server's private key (PEM)
 */
record Certificates(Path ca, Path serverCertificate, Path serverKey) {

	/**
	 * Creates the CA and the server certificate.
	 * @param directory where the files go
	 * @return the files
	 * @throws IOException when {@code openssl} cannot run or fails
	 */
	static Certificates create(Path directory) throws IOException {
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
	 * Returns the {@code redis-server} arguments that open a TLS port with these certificates, clients
	 * needing no certificate of their own.
	 * @param tlsPort the TLS port
	 * @return the arguments
	 */
	String[] serverArguments(int tlsPort) {
		return new String[] { "--tls-port", Integer.toString(tlsPort), "--tls-cert-file",
				this.serverCertificate.toString(), "--tls-key-file", this.serverKey.toString(), "--tls-ca-cert-file",
				this.ca.toString(), "--tls-auth-clients", "no" };
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
