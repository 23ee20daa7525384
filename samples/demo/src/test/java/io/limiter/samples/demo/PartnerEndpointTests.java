package io.limiter.samples.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /api/partner?n=N} over real HTTP: its n calls to {@code /partner/echo}, limited to 2 per second with a
 * burst of 1, all wait for their permits within the 5 s a call may, and none arrives before its permit is due (the
 * one of index i at least i × 500 ms after the request); of more calls than 5 s can take, those whose permit would
 * come later are denied and never arrive.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class PartnerEndpointTests {

	/** The longest a call waits for its permit: limiter.outbound.rules[0].max-wait of application.yml. */
	private static final Duration MAX_WAIT = Duration.ofSeconds(5);

	/** The permits are due 500 ms apart: limiter.limits.partner of application.yml. */
	private static final Duration PERIOD = Duration.ofMillis(500);

	/** The most calls a token bucket of burst 1 refilled every 500 ms lets through within the 5 s wait. */
	private static final int MOST_WITHIN_MAX_WAIT = 1 + (int) (MAX_WAIT.toMillis() / PERIOD.toMillis());

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Autowired
	private PartnerEchoController echo;

	@Test
	void sixCallsArriveSpacedByTheRate() throws Exception {
		int before = this.echo.arrivals().size();
		long start = System.nanoTime();
		HttpResponse<String> response = partner("6");
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode calls = JsonMapper.builder().build().readTree(response.body());
		assertThat(calls.get("sent").asLong()).isEqualTo(6);
		assertThat(calls.get("denied").asLong()).isZero();
		assertThat(calls.get("calls")).hasSize(6).allSatisfy((call) -> assertThat(call.get("result").asString())
			.isEqualTo("sent: echo"));
		List<Long> arrivals = this.echo.arrivals().subList(before, this.echo.arrivals().size());
		assertThat(arrivals).hasSize(6);
		assertNoneArrivedBeforeItsPermit(arrivals, start);
	}

	@Test
	void callsWhosePermitWouldComePastMaxWaitAreDeniedAndNeverArrive() throws Exception {
		int before = this.echo.arrivals().size();
		long start = System.nanoTime();
		HttpResponse<String> response = partner(Integer.toString(PartnerController.MAX_CALLS));
		assertThat(response.statusCode()).isEqualTo(200);
		JsonNode calls = JsonMapper.builder().build().readTree(response.body());
		long sent = calls.get("sent").asLong();
		assertThat(sent).isBetween(MOST_WITHIN_MAX_WAIT - 1L, (long) MOST_WITHIN_MAX_WAIT);
		assertThat(calls.get("denied").asLong()).isEqualTo(PartnerController.MAX_CALLS - sent);
		assertThat(calls.get("calls").valueStream().map((call) -> call.get("result").asString())
			.filter((result) -> result.startsWith("denied")))
			.allSatisfy((result) -> assertThat(result).startsWith("denied: no permit within 5 s, retry after "));
		List<Long> arrivals = this.echo.arrivals().subList(before, this.echo.arrivals().size());
		assertThat(arrivals).hasSize((int) sent);
		assertNoneArrivedBeforeItsPermit(arrivals, start);
	}

	@Test
	void nOutOfRangeIsABadRequestNamingIt() throws Exception {
		HttpResponse<String> response = partner("0");
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).isEqualTo("n must be from 1 to 20 but was 0.\n");
	}

	/**
	 * Asserts that the call of index i arrived at least i periods after {@code start}: a call reaches the echo
	 * endpoint some time after its permit is due, late by however busy the machine is, so the gaps between arrivals
	 * promise nothing; the due times do (1 ms less, for the limiter's clock in whole milliseconds).
	 */
	private static void assertNoneArrivedBeforeItsPermit(List<Long> arrivals, long start) {
		for (int i = 0; i < arrivals.size(); i++) {
			assertThat(Duration.ofNanos(arrivals.get(i) - start)).as("call %d after the request", i)
				.isGreaterThanOrEqualTo(PERIOD.multipliedBy(i).minusMillis(1));
		}
	}

	private HttpResponse<String> partner(String n) throws Exception {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/partner?n=" + n))
			.build();
		return this.http.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
