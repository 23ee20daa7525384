package io.limiter.internal.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.LocalTier;
import io.limiter.RateLimiter;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.contract.ManualClock;
import io.limiter.internal.algorithm.LimitAlgorithm;
import io.limiter.testsupport.RedisFixtures;
import io.limiter.testsupport.RedisServerProcess;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batching never changes a decision: many callers at once on a batching backend (which sends most decisions in
 * batches, one call of a multi-key script on a standalone server, per slot on a cluster) get, key by key, the decisions
 * that the same sequence gets one call at a time from a backend that does not batch. A batch's script is healed after
 * {@code SCRIPT FLUSH}, and a batch in flight when its server dies fails each of its decisions through the failure
 * policy.
 */
class DecisionBatchingIntegrationTests {

	private static final int THREADS = 16;

	private static final int PHASES = 3;

	private static final int CALLS_PER_PHASE = 40;

	private static final int OWN_KEYS = 4;

	/**
	 * How far the client clock moves between phases, a quarter of the limit's period (a minute, so that no key's time to
	 * live, which runs on the server's clock, ends while a slow run is under way).
	 */
	private static final long PHASE_MILLIS = 15_000;

	private static final List<String> HOT_KEYS = List.of("hot-a", "hot-b");

	private static final LimiterOptions REDIS_ONLY = LimiterOptions.builder().localTier(LocalTier.none()).build();

	private static RedisServerProcess server;

	@BeforeAll
	static void start() {
		server = RedisFixtures.startStandalone();
	}

	@AfterAll
	static void stop() {
		server.close();
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void onAStandaloneServerBatchedDecisionsAreThoseOfSingleCallsKeyByKey(Algorithm algorithm) throws Exception {
		long callsBefore = scriptCalls();
		int decisions = compare(algorithm, (builder) -> builder.standalone(server.uri()));
		assertThat(scriptCalls() - callsBefore).as("script calls of the batched run and its replay")
			.isLessThan(2L * decisions);
	}

	@ParameterizedTest
	@EnumSource(Algorithm.class)
	void onAClusterBatchedDecisionsAreThoseOfSingleCallsKeyByKey(Algorithm algorithm) throws Exception {
		compare(algorithm, (builder) -> builder.cluster(RedisFixtures.cluster().seedNodes()));
	}

	@Test
	void aBatchScriptFlushedFromTheServerIsLoadedAgainByItsFirstCall() {
		try (RedisBackend backend = batching(RedisBackend.builder().standalone(server.uri())).build()) {
			RateLimiter limiter = backend.limiter("flushed-batch",
					Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofMinutes(1)), REDIS_ONLY);
			assertThat(remainingOfBurst(limiter)).containsOnly(1L);
			server.command("SCRIPT", "FLUSH");
			assertThat(remainingOfBurst(limiter)).as("each key's state kept across the flush").containsOnly(0L);
			String batchSha = LimitAlgorithm.of(Algorithm.TOKEN_BUCKET).script().batchForm().sha1();
			assertThat(server.command("SCRIPT", "EXISTS", batchSha)).isEqualTo(List.of(1L));
		}
	}

	@Test
	void aBatchInFlightWhenItsServerDiesFailsEachDecisionThroughTheFailurePolicy() {
		try (RedisServerProcess dying = RedisFixtures.startStandalone();
				RedisBackend backend = batching(RedisBackend.builder().standalone(dying.uri())).build()) {
			RateLimiter limiter = backend.limiter("dying", Limit.of(Algorithm.TOKEN_BUCKET, 100, Duration.ofMinutes(1)),
					REDIS_ONLY);
			assertThat(limiter.tryAcquire("first", 1).isDegraded()).isFalse();
			dying.command("CLIENT", "PAUSE", "10000", "ALL");
			List<CompletableFuture<Decision>> decisions = new ArrayList<>();
			for (int i = 0; i < 40; i++) {
				decisions.add(limiter.tryAcquireAsync("key-" + i, 1).toCompletableFuture());
			}
			dying.kill();
			for (CompletableFuture<Decision> decision : decisions) {
				Decision failed = decision.join();
				assertThat(failed.isDegraded()).as("decided by the failure policy").isTrue();
				assertThat(failed.isAllowed()).as("fail closed").isFalse();
			}
		}
	}

	private static List<Long> remainingOfBurst(RateLimiter limiter) {
		List<CompletableFuture<Decision>> burst = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			burst.add(limiter.tryAcquireAsync("key-" + i, 1).toCompletableFuture());
		}
		List<Long> remaining = new ArrayList<>();
		for (CompletableFuture<Decision> decision : burst) {
			Decision made = decision.join();
			assertThat(made.isDegraded()).isFalse();
			assertThat(made.isAllowed()).isTrue();
			remaining.add(made.remaining());
		}
		return remaining;
	}

	/** Batches from the second call in flight on, small ones, so that most decisions of the runs here are batched. */
	private static RedisBackendBuilder batching(RedisBackendBuilder builder) {
		return builder.batching(1, 8)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.timeout(Duration.ofSeconds(5))
			.minimumTimeout(Duration.ofSeconds(5));
	}

	/**
	 * Runs the callers on a batching backend, replays the same sequence on a backend that does not batch (keys of
	 * another namespace), and compares: each caller's own keys decision by decision, and the keys every caller shares
	 * (whose order between callers is not fixed) as the set of decisions each phase made of them.
	 * @return the decisions made by the batched run
	 */
	private static int compare(Algorithm algorithm, UnaryOperator<RedisBackendBuilder> server) throws Exception {
		ManualClock clock = new ManualClock();
		Limit limit = Limit.of(algorithm, 10, Duration.ofMinutes(1));
		String name = "batched-" + algorithm.configName();
		List<List<Call>> sequences = new ArrayList<>();
		for (int thread = 0; thread < THREADS; thread++) {
			sequences.add(sequence(thread));
		}
		Map<String, List<String>> batchedHot = new ConcurrentHashMap<>();
		List<List<String>> batchedOwn = new ArrayList<>();
		try (RedisBackend batched = batching(server.apply(RedisBackend.builder())).clientClock(clock)
			.namespace("batched" + System.nanoTime())
			.build()) {
			RateLimiter limiter = batched.limiter(name, limit, REDIS_ONLY);
			ExecutorService callers = Executors.newFixedThreadPool(THREADS);
			try {
				CyclicBarrier phaseStart = new CyclicBarrier(THREADS, () -> clock.advance(PHASE_MILLIS));
				List<Future<List<String>>> own = new ArrayList<>();
				for (List<Call> sequence : sequences) {
					own.add(callers.submit(() -> {
						List<String> ownDecisions = new ArrayList<>();
						for (int phase = 0; phase < PHASES; phase++) {
							phaseStart.await();
							for (Call call : sequence.subList(phase * CALLS_PER_PHASE, (phase + 1) * CALLS_PER_PHASE)) {
								String decision = call.key() + " " + call.permits() + ": "
										+ made(limiter.tryAcquire(call.key(), call.permits()));
								if (HOT_KEYS.contains(call.key())) {
									batchedHot.computeIfAbsent(phase + " " + call.key(),
											(key) -> Collections.synchronizedList(new ArrayList<>())).add(decision);
								}
								else {
									ownDecisions.add(decision);
								}
							}
						}
						return ownDecisions;
					}));
				}
				for (Future<List<String>> decisions : own) {
					batchedOwn.add(decisions.get());
				}
			}
			finally {
				callers.shutdownNow();
			}
		}
		clock.reset();
		Map<String, List<String>> aloneHot = new TreeMap<>();
		List<List<String>> aloneOwn = new ArrayList<>();
		try (RedisBackend alone = server.apply(RedisBackend.builder()).batching(false)
			.failurePolicy(FailurePolicy.FAIL_CLOSED)
			.clientClock(clock)
			.namespace("alone" + System.nanoTime())
			.build()) {
			RateLimiter limiter = alone.limiter(name, limit, REDIS_ONLY);
			for (int thread = 0; thread < THREADS; thread++) {
				aloneOwn.add(new ArrayList<>());
			}
			for (int phase = 0; phase < PHASES; phase++) {
				clock.advance(PHASE_MILLIS);
				for (int thread = 0; thread < THREADS; thread++) {
					for (Call call : sequences.get(thread).subList(phase * CALLS_PER_PHASE,
							(phase + 1) * CALLS_PER_PHASE)) {
						String decision = call.key() + " " + call.permits() + ": "
								+ made(limiter.tryAcquire(call.key(), call.permits()));
						if (HOT_KEYS.contains(call.key())) {
							aloneHot.computeIfAbsent(phase + " " + call.key(), (key) -> new ArrayList<>()).add(decision);
						}
						else {
							aloneOwn.get(thread).add(decision);
						}
					}
				}
			}
		}
		assertThat(batchedOwn).isEqualTo(aloneOwn);
		assertThat(sorted(batchedHot)).isEqualTo(sorted(aloneHot));
		assertThat(batchedOwn.stream().flatMap(List::stream)).as("some granted, some denied")
			.anyMatch((decision) -> decision.contains("allowed"))
			.anyMatch((decision) -> decision.contains("denied"));
		return THREADS * PHASES * CALLS_PER_PHASE;
	}

	private static Map<String, List<String>> sorted(Map<String, List<String>> decisions) {
		Map<String, List<String>> sorted = new TreeMap<>();
		decisions.forEach((key, list) -> {
			List<String> copy = new ArrayList<>(list);
			Collections.sort(copy);
			sorted.put(key, copy);
		});
		return sorted;
	}

	/** A caller's calls: a quarter on the shared keys for one permit, the rest on its own keys for 1 to 3. */
	private static List<Call> sequence(int thread) {
		Random random = new Random(thread);
		List<Call> calls = new ArrayList<>();
		for (int i = 0; i < PHASES * CALLS_PER_PHASE; i++) {
			calls.add((random.nextInt(4) == 0) ? new Call(HOT_KEYS.get(random.nextInt(HOT_KEYS.size())), 1)
					: new Call("t" + thread + "-k" + random.nextInt(OWN_KEYS), 1 + random.nextInt(3)));
		}
		return calls;
	}

	private static String made(Decision decision) {
		assertThat(decision.isDegraded()).as("decided by Redis: %s", decision).isFalse();
		return (decision.isAllowed() ? "allowed" : "denied") + " remaining " + decision.remaining() + " retry "
				+ decision.retryAfterMillis() + " reset " + decision.resetAfterMillis() + " delay "
				+ decision.delayMillis();
	}

	private static long scriptCalls() {
		long calls = 0;
		for (String line : String.valueOf(server.command("INFO", "commandstats")).split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
				calls += Long.parseLong(line.substring(line.indexOf("calls=") + 6, line.indexOf(',')));
			}
		}
		return calls;
	}

	private record Call(String key, long permits) {
	}

}
