package io.limiter.reliability;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SslOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.limiter.Algorithm;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.testsupport.Certificates;
import io.limiter.testsupport.LocalRedisCluster;
import io.limiter.testsupport.LocalRedisSentinel;
import io.limiter.testsupport.LogCapture;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Redis with a password, with a minimal ACL user (the one documented in {@code docs/redis.md}, also on a
 * cluster and through Sentinels) and with TLS and a private CA (certificates made by the test with {@code openssl}),
 * standalone, on a cluster and through Sentinels that speak nothing but TLS; and what a wrong password looks like: no connection,
 * a warning and an observed failure that name the server's reply, and decisions by the failure policy.
 */
class AuthAndTlsIntegrationTests {

	private static final Path ACL_DOC = Path.of("..", "docs", "redis.md");

	private static final Pattern ACL_LINE = Pattern.compile("^ACL SETUSER limiter on .*$", Pattern.MULTILINE);

	private static final Pattern CLUSTER_ACL_LINE = Pattern.compile("^ACL SETUSER limiter \\+cluster.*$",
			Pattern.MULTILINE);

	private static final Pattern SCRIPT_CALL = Pattern.compile("redis\\.p?call\\('([A-Za-z]+)'");

	private static final Limit LIMIT = Limit.of(Algorithm.TOKEN_BUCKET, 4, Duration.ofMinutes(1));

	/** The Sentinels' {@code down-after-milliseconds}: no failover is wanted here. */
	private static final Duration SENTINEL_DOWN_AFTER = Duration.ofSeconds(30);

	@Test
	void decidesWithAPassword() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone("--requirepass", "s3cret")) {
			assertDecidesExactly(RedisBackend.builder().standalone(url(":s3cret@", redis.port())));
		}
	}

	@Test
	void decidesWithTheDocumentedAclUserAndNothingMore() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone()) {
			String setUser = documentedAclLine().replace(">change-me", ">acl-s3cret");
			aclSetUser(redis, setUser);
			assertDecidesExactly(RedisBackend.builder().standalone(url("limiter:acl-s3cret@", redis.port())));
			RedisAdmin.call(url("limiter:acl-s3cret@", redis.port()), (commands) -> {
				assertThatExceptionOfType(RedisCommandExecutionException.class)
					.isThrownBy(() -> commands.set("other:key", "1"))
					.withMessageStartingWith("NOPERM");
				assertThatExceptionOfType(RedisCommandExecutionException.class)
					.isThrownBy(() -> commands.eval("return redis.call('INCR', KEYS[1])", ScriptOutputType.INTEGER,
							"limiter:{secured:k}"))
					.withMessageContaining("can't run this command");
				assertThatExceptionOfType(RedisCommandExecutionException.class).isThrownBy(commands::flushall)
					.withMessageStartingWith("NOPERM");
				return null;
			});
		}
	}

	@Test
	void decidesOnAClusterWithTheDocumentedAclUser() throws Exception {
		LocalRedisCluster cluster = SharedPrivateCluster.get();
		try {
			assertDecidesExactly(RedisBackend.builder().cluster(documentedAclUserSeeds(cluster, "redis://")));
		}
		finally {
			for (RedisServerProcess node : cluster.nodes()) {
				node.command("ACL", "DELUSER", "limiter");
			}
		}
	}

	@Test
	void decidesOnATlsClusterWithThePrivateCaAndTheDocumentedAclUser(@TempDir Path directory) throws Exception {
		Certificates certificates = Certificates.create(directory);
		try (LocalRedisCluster cluster = LocalRedisCluster.startTls(certificates)) {
			assertThat(cluster.nodes().get(0).command("CONFIG", "GET", "port"))
				.as("the nodes speak nothing but TLS")
				.isEqualTo(List.of("port", "0"));
			String seeds = documentedAclUserSeeds(cluster, "rediss://");
			assertDecidesExactly(RedisBackend.builder().cluster(seeds).trustedCertificates(certificates.ca()));
			assertFailsClearly(RedisBackend.builder().cluster(seeds), "PKIX path building failed");
		}
	}

	@Test
	void decidesThroughSentinelsWithTheDocumentedAclUser() throws Exception {
		try (LocalRedisSentinel sentinel = LocalRedisSentinel.start(SENTINEL_DOWN_AFTER)) {
			assertDecidesThroughSentinels(sentinel, "redis://", null);
		}
	}

	@Test
	void decidesThroughTlsSentinelsWithThePrivateCaAndTheDocumentedAclUser(@TempDir Path directory) throws Exception {
		Certificates certificates = Certificates.create(directory);
		try (LocalRedisSentinel sentinel = LocalRedisSentinel.startTls(SENTINEL_DOWN_AFTER, certificates)) {
			assertThat(sentinel.master().command("CONFIG", "GET", "port")).as("the servers speak nothing but TLS")
				.isEqualTo(List.of("port", "0"));
			assertDecidesThroughSentinels(sentinel, "rediss://", certificates.ca());
			try (RedisBackend untrusted = RedisBackend.builder()
				.sentinel(sentinel.masterName(), sentinelUrls(sentinel, "rediss://"))
				.build()) {
				assertThat(untrusted.awaitConnection(Duration.ofMillis(500))).as("a CA the JVM does not trust")
					.isFalse();
			}
		}
	}

	/**
	 * Creates the documented ACL user on the master and the replica, and a user of the same name and password on
	 * the Sentinels, which Lettuce asks for the master with the credentials it then gives the master; checks that
	 * the backend decides exactly through them, on the master.
	 */
	private static void assertDecidesThroughSentinels(LocalRedisSentinel sentinel, String scheme, Path ca)
			throws Exception {
		String setUser = documentedAclLine().replace(">change-me", ">acl-s3cret");
		for (RedisServerProcess server : sentinel.servers()) {
			aclSetUser(server, setUser);
		}
		for (RedisServerProcess node : sentinel.sentinels()) {
			aclSetUser(node, "ACL SETUSER limiter on >acl-s3cret allchannels +@all");
		}
		RedisBackendBuilder builder = RedisBackend.builder()
			.sentinel(sentinel.masterName(), sentinelUrls(sentinel, scheme));
		assertDecidesExactly((ca != null) ? builder.trustedCertificates(ca) : builder);
		assertThat((List<?>) sentinel.master().command("KEYS", "limiter:{secured:*")).as("the keys on the master")
			.isNotEmpty();
	}

	private static String sentinelUrls(LocalRedisSentinel sentinel, String scheme) {
		return sentinel.sentinels()
			.stream()
			.map((node) -> url("limiter:acl-s3cret@", node.port()).replace("redis://", scheme))
			.collect(Collectors.joining(","));
	}

	@Test
	void theDocumentedAclAllowsEveryCommandTheScriptsCall() throws Exception {
		Set<String> allowed = new TreeSet<>();
		Matcher rule = Pattern.compile("\\+([a-z|]+)").matcher(documentedAclLine());
		while (rule.find()) {
			allowed.add(rule.group(1));
		}
		Set<String> called = scriptCommands();
		assertThat(called).isNotEmpty().contains("time");
		assertThat(allowed).containsAll(called);
	}

	@Test
	void decidesOverTlsWithAClientThatTrustsTheTestCa(@TempDir Path directory) throws Exception {
		Certificates certificates = Certificates.create(directory);
		int tlsPort = unusedPort();
		try (RedisServerProcess redis = RedisFixtures.startStandalone(certificates.serverArguments(tlsPort))) {
			Map<String, String> config = RedisAdmin.call(redis.uri(), (commands) -> commands.configGet("tls-port"));
			assertThat(config).as("the fixture checks its servers on their plain-text port, which this server keeps")
				.containsEntry("tls-port", Integer.toString(tlsPort));
			RedisClient client = RedisClient.create(url("", tlsPort).replace("redis://", "rediss://"));
			client.setOptions(ClientOptions.builder()
				.sslOptions(SslOptions.builder().jdkSslProvider().trustManager(certificates.ca().toFile()).build())
				.build());
			try {
				assertDecidesExactly(RedisBackend.builder().client(client));
			}
			finally {
				client.shutdown();
			}
			assertDecidesExactly(RedisBackend.builder()
				.standalone(url("", tlsPort).replace("redis://", "rediss://"))
				.trustedCertificates(certificates.ca()));
			try (RedisBackend plain = RedisBackend.builder().standalone(url("", tlsPort)).build();
					RedisBackend untrusted = RedisBackend.builder()
						.standalone(url("", tlsPort).replace("redis://", "rediss://"))
						.build()) {
				assertThat(plain.awaitConnection(Duration.ofMillis(500))).as("plain text to the TLS port").isFalse();
				assertThat(untrusted.awaitConnection(Duration.ofMillis(500))).as("a CA the JVM does not trust")
					.isFalse();
			}
		}
	}

	@Test
	void aWrongPasswordFailsClearly() throws Exception {
		try (RedisServerProcess redis = RedisFixtures.startStandalone("--requirepass", "s3cret")) {
			assertFailsClearly(RedisBackend.builder().standalone(url(":wrong@", redis.port())), "WRONGPASS");
			assertFailsClearly(RedisBackend.builder().standalone(url("", redis.port())), "NOAUTH");
		}
	}

	private static void assertFailsClearly(RedisBackendBuilder builder, String reply) throws Exception {
		RecordingObserver observer = new RecordingObserver();
		try (LogCapture log = new LogCapture();
				RedisBackend backend = builder
					.failurePolicy(FailurePolicy.FAIL_CLOSED)
					.observer(observer)
					.build()) {
			assertThat(backend.awaitConnection(Duration.ofMillis(500))).isFalse();
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
			while (log.lines().isEmpty() && System.nanoTime() < deadline) {
				Thread.sleep(10);
			}
			assertThat(log.lines()).as("logged at start-up, before any decision")
				.singleElement()
				.satisfies((line) -> assertThat(line).startsWith("WARNING").contains(reply));
			RateLimiter limiter = backend.limiter("auth", LIMIT);
			assertThat(limiter.tryAcquire("k").isAllowed()).isFalse();
			assertThat(limiter.tryAcquireAsync("k", 1).toCompletableFuture().get(5, TimeUnit.SECONDS).isAllowed())
				.isFalse();
			assertThat(observer.failures()).isEqualTo(2);
			assertThat(observer.firstFailures().get(0).getMessage()).contains(reply);
		}
	}

	private static void assertDecidesExactly(RedisBackendBuilder builder) throws Exception {
		RecordingObserver observer = new RecordingObserver();
		try (RedisBackend backend = builder.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.timeout(Duration.ofSeconds(2))
			.minimumTimeout(Duration.ofSeconds(2))
			.observer(observer)
			.build()) {
			assertThat(backend.awaitConnection(Duration.ofSeconds(5))).isTrue();
			RateLimiter limiter = backend.limiter("secured", LIMIT);
			String key = "user-" + System.nanoTime();
			for (int i = 0; i < LIMIT.capacity(); i++) {
				assertThat(limiter.tryAcquire(key).remaining()).isEqualTo(LIMIT.capacity() - 1 - i);
			}
			assertThat(limiter.tryAcquireAsync(key, 1).toCompletableFuture().get(5, TimeUnit.SECONDS).isAllowed())
				.isFalse();
			assertThat(observer.failures()).as(observer.toString()).isZero();
		}
	}

	/**
	 * Creates the documented ACL user, with its cluster rules, on every node of a cluster.
	 * @return the seed URLs of the cluster with that user's credentials
	 */
	private static String documentedAclUserSeeds(LocalRedisCluster cluster, String scheme) throws IOException {
		String setUser = documentedAclLine().replace(">change-me", ">acl-s3cret");
		String clusterRules = documentedClusterAclLine();
		for (RedisServerProcess node : cluster.nodes()) {
			aclSetUser(node, setUser);
			aclSetUser(node, clusterRules);
		}
		return cluster.nodes()
			.stream()
			.map((node) -> url("limiter:acl-s3cret@", node.port()).replace("redis://", scheme))
			.collect(Collectors.joining(","));
	}

	private static String documentedAclLine() throws IOException {
		return documentedLine(ACL_LINE);
	}

	private static String documentedClusterAclLine() throws IOException {
		return documentedLine(CLUSTER_ACL_LINE);
	}

	private static String documentedLine(Pattern pattern) throws IOException {
		Matcher line = pattern.matcher(Files.readString(ACL_DOC, StandardCharsets.UTF_8));
		assertThat(line.find()).as(pattern + " in " + ACL_DOC).isTrue();
		return line.group();
	}

	/** Every command called by a Lua script of limiter-core, lower case. */
	private static Set<String> scriptCommands() throws IOException, URISyntaxException {
		Path root = Path.of(LimitAlgorithm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		Set<String> commands = new TreeSet<>();
		try (Stream<Path> files = Files.walk(root)) {
			for (Path script : (Iterable<Path>) files.filter((file) -> file.toString().endsWith(".lua"))::iterator) {
				Matcher call = SCRIPT_CALL.matcher(Files.readString(script, StandardCharsets.UTF_8));
				while (call.find()) {
					commands.add(call.group(1).toLowerCase(Locale.ROOT));
				}
			}
		}
		return commands;
	}

	private static void aclSetUser(RedisServerProcess node, String commandLine) {
		assertThat(commandLine).startsWith("ACL ");
		assertThat(node.command(commandLine.split(" "))).isEqualTo("OK");
	}

	private static String url(String userInfo, int port) {
		return "redis://" + userInfo + "127.0.0.1:" + port;
	}

	private static int unusedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
