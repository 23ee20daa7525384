package io.limiter.samples.reactive;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code GET /api/export?ms=N} of the reactive demo over real HTTP, as of the servlet demo: at most two exports in
 * flight per client, so of three concurrent ones two get 200 and one gets 429 with {@code Retry-After: 1}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ReactiveExportConcurrencyTests {

	/** Long enough that the three requests are in flight together however slowly they are sent. */
	private static final long EXPORT_MILLIS = 3000;

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@LocalServerPort
	private int port;

	@Test
	void threeConcurrentExportsGiveTwo200sAndOne429() throws Exception {
		List<CompletableFuture<HttpResponse<String>>> exports = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			exports.add(export(EXPORT_MILLIS));
		}
		List<Integer> statuses = new ArrayList<>();
		HttpResponse<String> denied = null;
		for (CompletableFuture<HttpResponse<String>> export : exports) {
			HttpResponse<String> response = export.get();
			statuses.add(response.statusCode());
			denied = (response.statusCode() == 429) ? response : denied;
		}
		assertThat(statuses).containsExactlyInAnyOrder(200, 200, 429);
		assertThat(denied.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(denied.body()).contains("\"limit\":\"export\"");
	}

	@Test
	void exportOutOfRangeIsABadRequest() throws Exception {
		HttpResponse<String> response = export(-1).get();
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).isEqualTo("ms must be from 0 to 60000 but was -1.\n");
	}

	private CompletableFuture<HttpResponse<String>> export(long millis) {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/export?ms=" + millis))
			.build();
		return this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString());
	}

}
