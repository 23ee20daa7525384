package io.limiter.spring.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.RedisBackendBuilder;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * "Our fleet may call the partner 10 times a second in total": three instances, each with its own
 * {@link RedisBackend}, registry and limited client, share one token bucket (burst {@value #CAPACITY}, refilled at
 * {@value #CAPACITY} per {@value #PERIOD_MILLIS} ms) on a real Redis, while {@value #CALLERS} threads call a local
 * server through them for {@value #RUN_MILLIS} ms, each waiting up to {@value #MAX_WAIT_MILLIS} ms for a permit.
 * <p>
 * A token bucket grants at most its burst plus what refills in the time since the run started:
 * {@code capacity + capacity * d / period} permits are due within {@code d}. A reserved permit is sent once it is
 * due, and a call reaches the server later still, by however busy the machine is; so within {@code d} of the start
 * at most that many calls arrive (1 ms more, for the limiter's clock in whole milliseconds), while the gaps between
 * arrivals promise nothing: a call held up on its way arrives close behind the next. The test checks that bound at
 * every arrival, that the waiting callers used the budget (the calls are close to it, not merely under it), that
 * denied calls never arrived and that every granted one did.
 */
class OutboundRateAcrossInstancesIntegrationTests {

	private static final int INSTANCES = 3;

	private static final int CALLERS = 32;

	private static final long CAPACITY = 5;

	private static final long PERIOD_MILLIS = 500;

	private static final long RUN_MILLIS = 3000;

	private static final long MAX_WAIT_MILLIS = 1000;

	/** How long a denied caller pauses before it calls again, as a client that backs off would. */
	private static final long BACK_OFF_MILLIS = 50;

	private static final String WARM_UP = "warm-up-";

	private final String limit = "partner-" + UUID.randomUUID().toString().substring(0, 8);

	private final List<RedisBackend> backends = new ArrayList<>();

	private ArrivalServer server;

	@BeforeEach
	void startServer() throws Exception {
		this.server = ArrivalServer.start();
	}

	@AfterEach
	void stop() {
		this.backends.forEach(RedisBackend::close);
		this.server.close();
	}

	@ParameterizedTest
	@EnumSource(Client.class)
	void callersOfThreeInstancesOnOneServerNeverExceedTheRate(Client client) throws Exception {
		Calls calls = run(client, RedisBackend.builder().standalone(RedisFixtures.standalone().uri()));
		assertWithinTheRate(calls);
	}

	@Test
	void callersOfThreeInstancesOnAClusterNeverExceedTheRate() throws Exception {
		Calls calls = run(Client.REST_CLIENT, RedisBackend.builder().cluster(RedisFixtures.cluster().seedNodes()));
		assertWithinTheRate(calls);
	}

	private Calls run(Client client, RedisBackendBuilder redis) throws Exception {
		List<Instance> instances = new ArrayList<>();
		for (int i = 0; i < INSTANCES; i++) {
			RedisBackend backend = redis.timeout(Duration.ofSeconds(2)).build();
			this.backends.add(backend);
			assertThat(backend.awaitConnection(Duration.ofSeconds(10))).isTrue();
			RateLimiterRegistry registry = new RateLimiterRegistry(backend,
					Map.of(this.limit, Limit.of(Algorithm.TOKEN_BUCKET, CAPACITY, Duration.ofMillis(PERIOD_MILLIS))));
			instances.add(client.instance(LimitedHttpClients.limit(registry, this.limit)
				.maxWait(Duration.ofMillis(MAX_WAIT_MILLIS))));
		}
		Calls calls = new Calls();
		ExecutorService threads = Executors.newFixedThreadPool(CALLERS);
		try {
			warmUp(instances, calls, threads);
			call(instances, calls, threads);
		}
		finally {
			threads.shutdown();
		}
		return calls;
	}

	/**
	 * Makes one unlimited call per caller at once on the limited clients' connections, then one limited call per
	 * instance under another key ({@code localhost}), so that the run measures the limit, not the time it takes to
	 * load classes, open connections and load scripts.
	 */
	private void warmUp(List<Instance> instances, Calls calls, ExecutorService threads) throws Exception {
		List<Future<?>> callers = new ArrayList<>();
		for (int t = 0; t < CALLERS; t++) {
			Caller unlimited = instances.get(t % INSTANCES).unlimited();
			String id = WARM_UP + t;
			callers.add(threads.submit(() -> {
				unlimited.call(this.server.baseUrl(), id);
				return calls.sent.add(id);
			}));
		}
		for (Future<?> caller : callers) {
			caller.get();
		}
		String otherKey = this.server.baseUrl().replace("127.0.0.1", "localhost");
		for (int i = 0; i < INSTANCES; i++) {
			String id = WARM_UP + "limited-" + i;
			instances.get(i).limited().call(otherKey, id);
			calls.sent.add(id);
		}
	}

	private void call(List<Instance> instances, Calls calls, ExecutorService threads) throws Exception {
		AtomicInteger ids = new AtomicInteger();
		calls.startNanos = System.nanoTime();
		long deadline = calls.startNanos + Duration.ofMillis(RUN_MILLIS).toNanos();
		List<Future<?>> callers = new ArrayList<>();
		for (int t = 0; t < CALLERS; t++) {
			Caller limited = instances.get(t % INSTANCES).limited();
			callers.add(threads.submit(() -> {
				while (System.nanoTime() < deadline) {
					String id = Integer.toString(ids.incrementAndGet());
					try {
						limited.call(this.server.baseUrl(), id);
						calls.sent.add(id);
					}
					catch (OutboundRateLimitExceededException ex) {
						calls.denied.add(id);
						Thread.sleep(BACK_OFF_MILLIS);
					}
				}
				return null;
			}));
		}
		for (Future<?> caller : callers) {
			caller.get();
		}
	}

	private void assertWithinTheRate(Calls calls) {
		List<ArrivalServer.Arrival> arrivals = this.server.arrivals();
		Set<String> arrived = arrivals.stream().map(ArrivalServer.Arrival::callId).collect(Collectors.toSet());
		assertThat(arrived).hasSize(arrivals.size()).isEqualTo(calls.sent).doesNotContainAnyElementsOf(calls.denied);
		assertThat(calls.denied).isNotEmpty();
		arrivals = arrivals.stream().filter((arrival) -> !arrival.callId().startsWith(WARM_UP)).toList();
		for (int i = 0; i < arrivals.size(); i++) {
			long millis = Duration.ofNanos(arrivals.get(i).nanos() - calls.startNanos).toMillis();
			assertThat(i + 1L).as("calls arrived within %d ms of the start; arrivals (ms): %s", millis,
					offsets(arrivals, calls.startNanos))
				.isLessThanOrEqualTo(CAPACITY + CAPACITY * (millis + 1) / PERIOD_MILLIS);
		}
		long span = Duration.ofNanos(arrivals.get(arrivals.size() - 1).nanos() - arrivals.get(0).nanos()).toMillis();
		long budget = CAPACITY + CAPACITY * span / PERIOD_MILLIS;
		assertThat(arrivals).as("calls in %d ms with a budget of %d", span, budget)
			.hasSizeGreaterThanOrEqualTo((int) (budget * 9 / 10));
		assertThat(span).isGreaterThanOrEqualTo(RUN_MILLIS - PERIOD_MILLIS);
	}

	private static String offsets(List<ArrivalServer.Arrival> arrivals, long start) {
		return arrivals.stream()
			.map((arrival) -> Long.toString(Duration.ofNanos(arrival.nanos() - start).toMillis()))
			.collect(Collectors.joining(" "));
	}

	/** The calls the callers made: those sent, and those the limit denied. */
	private static final class Calls {

		final Set<String> sent = ConcurrentHashMap.newKeySet();

		final Set<String> denied = ConcurrentHashMap.newKeySet();

		/** {@link System#nanoTime()} before the first limited call of the run. */
		long startNanos;

	}

	/** One instance's client, making one call to a server that carries an id. */
	@FunctionalInterface
	private interface Caller {

		void call(String baseUrl, String id);

	}

	/**
	 * One instance's clients on one set of connections: the limited one, and an unlimited one for the warm-up.
	 * @param limited through the limit
	 * @param unlimited around it
	 */
	private record Instance(Caller limited, Caller unlimited) {
	}

	/** The HTTP clients whose limited variants are compared. */
	enum Client {

		REST_CLIENT {

			@Override
			Instance instance(LimitedHttpClients.Builder limited) {
				RestClient.Builder connections = RestClient.builder().requestFactory(new JdkClientHttpRequestFactory());
				return new Instance(caller(connections.clone().requestInterceptor(limited.interceptor()).build()),
						caller(connections.build()));
			}

			private Caller caller(RestClient client) {
				return (baseUrl, id) -> client.get()
					.uri(baseUrl + "/partner")
					.header(ArrivalServer.CALL_ID, id)
					.retrieve()
					.toBodilessEntity();
			}

		},

		WEB_CLIENT {

			@Override
			Instance instance(LimitedHttpClients.Builder limited) {
				WebClient.Builder connections = WebClient.builder().clientConnector(new ReactorClientHttpConnector());
				return new Instance(caller(connections.clone().filter(limited.exchangeFilter()).build()),
						caller(connections.build()));
			}

			private Caller caller(WebClient client) {
				return (baseUrl, id) -> client.get()
					.uri(baseUrl + "/partner")
					.header(ArrivalServer.CALL_ID, id)
					.retrieve()
					.toBodilessEntity()
					.block();
			}

		};

		abstract Instance instance(LimitedHttpClients.Builder limited);

	}

}
