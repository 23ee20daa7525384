package com.example.outside;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One HTTP client of the tests, its connection kept alive between requests, sending GETs to the application.
 */
final class Http {

	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final URI application;

	Http(String host, int port) {
		this.application = URI.create("http://" + host + ":" + port);
	}

	/**
	 * Sends {@code GET path} the given number of times.
	 * @param path the path
	 * @param times how many requests
	 * @param headers names and values, alternately
	 * @return the answers, in order
	 */
	List<HttpResponse<String>> get(String path, int times, String... headers)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.application.resolve(path))
			.timeout(Duration.ofSeconds(10));
		if (headers.length > 0) {
			request.headers(headers);
		}
		List<HttpResponse<String>> responses = new ArrayList<>();
		for (int i = 0; i < times; i++) {
			responses.add(this.client.send(request.build(), HttpResponse.BodyHandlers.ofString()));
		}
		return responses;
	}

}
