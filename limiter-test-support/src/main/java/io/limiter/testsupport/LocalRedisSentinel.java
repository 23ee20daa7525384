package io.limiter.testsupport;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Redis Sentinel setup: one master, one replica and three Sentinels that monitor the master under
 * {@link #MASTER_NAME} with a quorum of two, all {@link RedisServerProcess}es on free ports of {@code 127.0.0.1}.
 * <p>
 * {@link #start} returns once the replica is linked and every Sentinel names the same master and knows the replica
 * and the two other Sentinels, so that a failover can be authorized at once. {@link #master()} is the server that
 * the Sentinels name now; after it is {@linkplain RedisServerProcess#kill() killed}, {@link #awaitFailover} waits
 * until they name the other one and it reports {@code role:master}.
 * <p>
 * Its size is the waits that make a Sentinel setup ready and a failover done, which Sentinel reports only piecemeal.
 */
public final class LocalRedisSentinel implements AutoCloseable {

	/** The name under which the Sentinels monitor the master. */
	public static final String MASTER_NAME = "limiter-master";

	/** How long {@link #start} and {@link #awaitFailover} wait. */
	public static final Duration READY_TIMEOUT = Duration.ofSeconds(30);

	private static final int SENTINEL_COUNT = 3;

	private static final int QUORUM = 2;

	private final List<RedisServerProcess> servers;

	private final List<RedisServerProcess> sentinels;

	private LocalRedisSentinel(List<RedisServerProcess> servers, List<RedisServerProcess> sentinels) {
		this.servers = List.copyOf(servers);
		this.sentinels = List.copyOf(sentinels);
	}

	/**
	 * Starts a master, a replica and three Sentinels without passwords, and waits until the Sentinels agree.
	 * @param downAfter the Sentinels' {@code down-after-milliseconds}: how long the master may not answer before it
	 * is failed over; a short one makes failover tests fast
	 * @return the running setup
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH}, or the Sentinels do not agree
	 * within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisSentinel start(Duration downAfter) {
		return start(downAfter, null);
	}

	/**
	 * Starts a master, a replica and three Sentinels, and waits until the Sentinels agree.
	 * @param downAfter the Sentinels' {@code down-after-milliseconds}
	 * @param password the {@code requirepass} of every server and Sentinel (the replica and the Sentinels
	 * authenticate with it), or {@code null} for none
	 * @return the running setup
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH}, or the Sentinels do not agree
	 * within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisSentinel start(Duration downAfter, String password) {
		return start(downAfter, password, null);
	}

	/**
	 * Starts a master, a replica and three Sentinels without passwords that speak nothing but TLS, to clients and
	 * among themselves ({@code --port 0}, {@code tls-replication yes}), with certificates of a private CA; waits
	 * until the Sentinels agree. Clients must trust {@link Certificates#ca()} and reach the Sentinels by
	 * {@code rediss://} URLs.
	 * @param downAfter the Sentinels' {@code down-after-milliseconds}
	 * @param certificates the servers' certificate, key and CA
	 * @return the running setup
	 * @throws IllegalStateException if {@code redis-server} is not on the {@code PATH}, was built without TLS, or the
	 * Sentinels do not agree within {@link #READY_TIMEOUT}
	 */
	public static LocalRedisSentinel startTls(Duration downAfter, Certificates certificates) {
		return start(downAfter, null, certificates);
	}

	private static LocalRedisSentinel start(Duration downAfter, String password, Certificates tls) {
		List<RedisServerProcess> servers = new ArrayList<>();
		List<RedisServerProcess> sentinels = new ArrayList<>();
		try {
			List<String> auth = new ArrayList<>((password != null)
					? List.of("--requirepass", password, "--masterauth", password) : List.of());
			if (tls != null) {
				auth.addAll(List.of("--tls-replication", "yes"));
			}
			RedisServerProcess master = RedisServerProcess.start(dataServerArguments(auth), tls);
			servers.add(master);
			List<String> replica = new ArrayList<>(dataServerArguments(auth));
			replica.addAll(List.of("--replicaof", master.host(), Integer.toString(master.port())));
			servers.add(RedisServerProcess.start(replica, tls));
			List<String> config = new ArrayList<>(sentinelConfig(master, downAfter, password));
			if (tls != null) {
				config.add("tls-replication yes");
			}
			String[] sentinelAuth = (password != null) ? new String[] { "--requirepass", password } : new String[0];
			for (int i = 0; i < SENTINEL_COUNT; i++) {
				sentinels.add(RedisServerProcess.startSentinel(config, tls, sentinelAuth));
			}
			LocalRedisSentinel setup = new LocalRedisSentinel(servers, sentinels);
			setup.await(null);
			return setup;
		}
		catch (RuntimeException ex) {
			stopAll(Stream.concat(sentinels.stream(), servers.stream()).toList());
			throw ex;
		}
	}

	/** {@return the name under which the Sentinels monitor the master, {@value #MASTER_NAME}} */
	public String masterName() {
		return MASTER_NAME;
	}

	/**
	 * Returns the Sentinels' addresses.
	 * @return comma-separated {@code host:port}
	 */
	public String sentinelNodes() {
		return this.sentinels.stream()
			.map((sentinel) -> sentinel.host() + ":" + sentinel.port())
			.collect(Collectors.joining(","));
	}

	/** {@return the three Sentinels} */
	public List<RedisServerProcess> sentinels() {
		return this.sentinels;
	}

	/**
	 * Returns the master and the replica as they were started, alive or not.
	 * @return the two data servers
	 */
	public List<RedisServerProcess> servers() {
		return this.servers;
	}

	/**
	 * {@return the data server that the first live Sentinel names as the master now}
	 * @throws IllegalStateException if no Sentinel answers, or it names neither server
	 */
	public RedisServerProcess master() {
		String address = null;
		for (RedisServerProcess sentinel : this.sentinels) {
			address = sentinel.isAlive() ? masterAddress(sentinel) : null;
			if (address != null) {
				break;
			}
		}
		String named = address;
		return serverAt(named)
			.orElseThrow(() -> new IllegalStateException("The Sentinels name " + named + " as the master of " + this));
	}

	/**
	 * Waits until every live Sentinel names another master than {@code old}, and that one reports
	 * {@code role:master}.
	 * @param old the master that was killed
	 * @throws IllegalStateException naming the last problem seen if the failover does not complete within
	 * {@link #READY_TIMEOUT}
	 */
	public void awaitFailover(RedisServerProcess old) {
		await(old);
	}

	/**
	 * Stops the Sentinels, then the servers.
	 */
	@Override
	public void close() {
		stopAll(Stream.concat(this.sentinels.stream(), this.servers.stream()).toList());
	}

	@Override
	public String toString() {
		return "Redis Sentinel " + MASTER_NAME + " at " + sentinelNodes();
	}

	private void await(RedisServerProcess old) {
		long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
		String problem = problem(old);
		while (problem != null) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(
						this + " was not ready within " + READY_TIMEOUT.toSeconds() + " s: " + problem);
			}
			Sleep.briefly();
			problem = problem(old);
		}
	}

	/**
	 * Returns what keeps the setup from being ready, or {@code null}: every live Sentinel must name one master, not
	 * {@code old}, and (before any failover) know the replica and the two other Sentinels; the master must report
	 * {@code role:master} and, before any failover, its replica linked.
	 */
	private String problem(RedisServerProcess old) {
		String agreed = null;
		for (RedisServerProcess sentinel : this.sentinels) {
			if (!sentinel.isAlive()) {
				continue;
			}
			try {
				List<?> master = (List<?>) sentinel.admin().call("SENTINEL", "MASTER", MASTER_NAME);
				String address = valueOf(master, "ip") + ":" + valueOf(master, "port");
				if (agreed != null && !agreed.equals(address)) {
					return sentinel + " names " + address + " where another names " + agreed;
				}
				agreed = address;
				if (old != null && address.equals(old.host() + ":" + old.port())) {
					return sentinel + " still names " + address;
				}
				if (old == null && (!"1".equals(valueOf(master, "num-slaves"))
						|| !Integer.toString(SENTINEL_COUNT - 1).equals(valueOf(master, "num-other-sentinels")))) {
					return sentinel + " knows " + valueOf(master, "num-slaves") + " replicas and "
							+ valueOf(master, "num-other-sentinels") + " other sentinels";
				}
			}
			catch (IOException | RuntimeException ex) {
				return sentinel + " does not answer SENTINEL MASTER: " + ex.getMessage();
			}
		}
		return (agreed != null) ? masterProblem(agreed, old) : "no Sentinel is alive";
	}

	private String masterProblem(String address, RedisServerProcess old) {
		RedisServerProcess master = serverAt(address).orElse(null);
		if (master == null) {
			return "the Sentinels name " + address + ", neither of " + this.servers;
		}
		try {
			String replication = master.admin().text("INFO", "replication");
			if (!"master".equals(RespClient.field(replication, "role"))) {
				return master + " does not report role:master yet";
			}
			if (old == null && !"1".equals(RespClient.field(replication, "connected_slaves"))) {
				return master + " has no linked replica yet";
			}
			return null;
		}
		catch (IOException ex) {
			return master + " does not answer INFO: " + ex.getMessage();
		}
	}

	private Optional<RedisServerProcess> serverAt(String address) {
		return this.servers.stream()
			.filter((server) -> (server.host() + ":" + server.port()).equals(address))
			.findFirst();
	}

	private static String masterAddress(RedisServerProcess sentinel) {
		try {
			List<?> address = (List<?>) sentinel.admin().call("SENTINEL", "GET-MASTER-ADDR-BY-NAME", MASTER_NAME);
			return (address != null) ? address.get(0) + ":" + address.get(1) : null;
		}
		catch (IOException ex) {
			return null;
		}
	}

	private static String valueOf(List<?> fields, String name) {
		for (int i = 0; i + 1 < fields.size(); i += 2) {
			if (name.equals(fields.get(i))) {
				return String.valueOf(fields.get(i + 1));
			}
		}
		return null;
	}

	private static List<String> sentinelConfig(RedisServerProcess master, Duration downAfter, String password) {
		List<String> config = new ArrayList<>(List.of(
				"sentinel monitor " + MASTER_NAME + " " + master.host() + " " + master.port() + " " + QUORUM,
				"sentinel down-after-milliseconds " + MASTER_NAME + " " + downAfter.toMillis(),
				"sentinel failover-timeout " + MASTER_NAME + " " + Math.max(1000, downAfter.toMillis() * 2),
				"sentinel parallel-syncs " + MASTER_NAME + " 1"));
		if (password != null) {
			config.add("sentinel auth-pass " + MASTER_NAME + " " + password);
		}
		return config;
	}

	/** The arguments of the master and the replica: replication without delay, so the replica links at once. */
	private static List<String> dataServerArguments(List<String> arguments) {
		List<String> all = new ArrayList<>(arguments);
		all.addAll(List.of("--repl-diskless-sync-delay", "0"));
		return all;
	}

	private static void stopAll(List<RedisServerProcess> processes) {
		processes.forEach(RedisServerProcess::signalStop);
		processes.forEach(RedisServerProcess::stop);
	}

}
