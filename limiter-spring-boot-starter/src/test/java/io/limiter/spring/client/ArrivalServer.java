package io.limiter.spring.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A local HTTP server standing in for a partner's API: it answers every request 200 and records when each arrived
 * ({@link System#nanoTime()}) and the {@value #CALL_ID} header it carried.
 */
final class ArrivalServer implements AutoCloseable {

	/** The header by which a test names each call, to tell later which calls arrived. */
	static final String CALL_ID = "X-Call-Id";

	private final HttpServer server;

	private final ExecutorService threads = Executors.newCachedThreadPool();

	private final ConcurrentLinkedQueue<Arrival> arrivals = new ConcurrentLinkedQueue<>();

	private ArrivalServer(HttpServer server) {
		this.server = server;
		this.server.createContext("/", this::answer);
		this.server.setExecutor(this.threads);
		this.server.start();
	}

	static ArrivalServer start() throws IOException {
		return new ArrivalServer(HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100));
	}

	String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	List<Arrival> arrivals() {
		List<Arrival> sorted = new ArrayList<>(this.arrivals);
		sorted.sort((first, second) -> Long.compare(first.nanos(), second.nanos()));
		return sorted;
	}

	/**
	 * Asserts that no call arrived before a token bucket of one permit per {@code period} could have granted it: the
	 * one of index {@code i} at least {@code i} periods after {@code startNanos}, read before the first call. A call
	 * reaches the server some time after its permit is due, late by however busy the machine is, so the gaps
	 * between arrivals promise nothing; the due times do. The limiter's clock counts whole milliseconds, so a
	 * permit may be due up to 1 ms before this clock says.
	 * @param arrivals the arrivals, in order
	 * @param startNanos {@link System#nanoTime()} before the first call
	 * @param period the period of one permit
	 */
	static void assertNoneArrivedBeforeItsPermit(List<Arrival> arrivals, long startNanos, Duration period) {
		for (int i = 0; i < arrivals.size(); i++) {
			assertThat(Duration.ofNanos(arrivals.get(i).nanos() - startNanos)).as("call %d after the start", i)
				.isGreaterThanOrEqualTo(period.multipliedBy(i).minusMillis(1));
		}
	}

	private void answer(HttpExchange exchange) throws IOException {
		this.arrivals.add(new Arrival(System.nanoTime(), exchange.getRequestHeaders().getFirst(CALL_ID)));
		exchange.getRequestBody().readAllBytes();
		byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(200, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.threads.shutdownNow();
	}

	/**
	 * One request as it arrived.
	 * @param nanos when, by {@link System#nanoTime()}
	 * @param callId its {@value #CALL_ID} header, {@code null} without one
	 */
	record Arrival(long nanos, String callId) {
	}

}
