package io.limiter.samples.demo;

import java.net.URI;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;

import io.limiter.spring.client.OutboundRateLimitExceededException;

/**
 * Outbound calls that wait for a permit: {@code GET /api/partner?n=6} makes {@code n} calls at once to
 * {@code /partner/echo} of this same server, by the name {@code localhost}, through a {@link RestClient} of the
 * builder Spring Boot gives it. {@code limiter.outbound.rules} of {@code application.yml} limit its calls to
 * {@code localhost} by the limit {@code partner} (2 per second, burst 1) and let each wait up to 5 s: the calls reach
 * the partner about 500 ms apart, and a call whose permit is not due within the wait is not made and is reported as
 * denied.
 */
@RestController
class PartnerController {

	/** The most calls one request makes. */
	static final int MAX_CALLS = 20;

	private final RestClient partner;

	private final SimpleAsyncTaskExecutor callers = new SimpleAsyncTaskExecutor("partner-call-");

	PartnerController(RestClient.Builder partner) {
		this.partner = partner.build();
	}

	@GetMapping("/api/partner")
	ResponseEntity<?> callPartner(@RequestParam(defaultValue = "6") int n, HttpServletRequest request) {
		if (n < 1 || n > MAX_CALLS) {
			return ResponseEntity.badRequest().body("n must be from 1 to " + MAX_CALLS + " but was " + n + ".\n");
		}
		URI echo = echoUri(request);
		long start = System.nanoTime();
		List<CompletableFuture<PartnerCall>> calls = IntStream.range(0, n)
			.mapToObj((i) -> CompletableFuture.supplyAsync(() -> call(echo, start), this.callers))
			.toList();
		return ResponseEntity.ok(PartnerCalls.of(calls.stream()
			.map(CompletableFuture::join)
			.sorted(Comparator.comparingLong(PartnerCall::atMs))
			.toList()));
	}

	private PartnerCall call(URI echo, long start) {
		try {
			String answer = this.partner.get().uri(echo).retrieve().body(String.class);
			return new PartnerCall(millisSince(start), "sent: " + answer);
		}
		catch (OutboundRateLimitExceededException ex) {
			return new PartnerCall(millisSince(start), "denied: no permit within " + ex.maxWait().toSeconds()
					+ " s, retry after " + ex.decision().retryAfterMillis() + " ms");
		}
	}

	/** The echo endpoint of this server, by the name the rule limits, at the port this request came in on. */
	private static URI echoUri(HttpServletRequest request) {
		return URI.create(request.getScheme() + "://localhost:" + request.getLocalPort() + "/partner/echo");
	}

	private static long millisSince(long start) {
		return Duration.ofNanos(System.nanoTime() - start).toMillis();
	}

	/**
	 * One call to the partner.
	 * @param atMs when it was answered or denied, in milliseconds since the calls began
	 * @param result {@code sent: } and the partner's answer, or {@code denied: } and why
	 */
	record PartnerCall(long atMs, String result) {
	}

	/**
	 * The answer: the calls in the order they ended, and how many were sent and denied.
	 * @param sent how many calls reached the partner
	 * @param denied how many were not made
	 * @param calls each call
	 */
	record PartnerCalls(long sent, long denied, List<PartnerCall> calls) {

		static PartnerCalls of(List<PartnerCall> calls) {
			long sent = calls.stream().filter((call) -> call.result().startsWith("sent")).count();
			return new PartnerCalls(sent, calls.size() - sent, calls);
		}

	}

}
