package io.limiter.testsupport;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * HTTP load as clients make it: each client keeps its connection alive and sends its request again as soon as the
 * last is answered, until the load's time is up, counting the answers 200 (allowed), 429 (denied), any other status,
 * and the requests not answered within their {@link HttpRequest#timeout() timeout}. Bounded in time: every client
 * stops at the end, and waits at most its timeout for its last answer.
 */
public final class HttpLoad {

	private HttpLoad() {
	}

	/**
	 * Runs the load.
	 * @param requests the request of each client: as many clients as requests, and the same request may be given to
	 * several
	 * @param duration how long the clients send
	 * @return the answers of each distinct request, in the order first given
	 * @throws IllegalArgumentException when there is no request, or one has no timeout
	 * @throws Exception when a client fails otherwise than by a timeout, or does not stop
	 */
	public static Map<HttpRequest, Answers> run(List<HttpRequest> requests, Duration duration) throws Exception {
		long bound = duration.plus(longestTimeout(requests)).toSeconds() + 10;
		Map<HttpRequest, Answers> answers = new LinkedHashMap<>();
		requests.forEach((request) -> answers.computeIfAbsent(request, (ignored) -> new Answers()));
		ExecutorService connections = Executors.newFixedThreadPool(requests.size());
		ExecutorService clients = Executors.newFixedThreadPool(requests.size());
		HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(connections).build();
		long start = System.nanoTime();
		long end = start + duration.toNanos();
		try {
			List<Future<?>> running = new ArrayList<>();
			for (HttpRequest request : requests) {
				running.add(clients.submit(() -> sendUntil(http, end, request, answers.get(request))));
			}
			for (Future<?> client : running) {
				client.get(bound, TimeUnit.SECONDS);
			}
		}
		finally {
			clients.shutdownNow();
			connections.shutdownNow();
		}
		long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		answers.values().forEach((answered) -> answered.millis = millis);
		return answers;
	}

	/** The longest time a client may wait for its last answer: the longest timeout of the requests. */
	private static Duration longestTimeout(List<HttpRequest> requests) {
		return requests.stream()
			.map((request) -> request.timeout()
				.orElseThrow(() -> new IllegalArgumentException("a request of the load has no timeout: " + request)))
			.max(Comparator.naturalOrder())
			.orElseThrow(() -> new IllegalArgumentException("a load needs at least one request"));
	}

	private static Void sendUntil(HttpClient http, long end, HttpRequest request, Answers answers) throws Exception {
		while (System.nanoTime() < end) {
			try {
				int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
				(status == 200 ? answers.allowed : status == 429 ? answers.denied : answers.other).incrementAndGet();
			}
			catch (HttpTimeoutException ex) {
				answers.unanswered.incrementAndGet();
			}
		}
		return null;
	}

	/**
	 * The answers to one request.
	 */
	public static final class Answers {

		private final AtomicInteger allowed = new AtomicInteger();

		private final AtomicInteger denied = new AtomicInteger();

		private final AtomicInteger other = new AtomicInteger();

		private final AtomicInteger unanswered = new AtomicInteger();

		private long millis;

		/** {@return the answers 200} */
		public int allowed() {
			return this.allowed.get();
		}

		/** {@return the answers 429} */
		public int denied() {
			return this.denied.get();
		}

		/** {@return the answers of any other status} */
		public int other() {
			return this.other.get();
		}

		/** {@return the requests not answered within their timeout} */
		public int unanswered() {
			return this.unanswered.get();
		}

		/** {@return every answer, whatever its status} */
		public int answered() {
			return allowed() + denied() + other();
		}

		/** {@return how long the load ran, in milliseconds, the last answers included} */
		public long millis() {
			return this.millis;
		}

	}

}
