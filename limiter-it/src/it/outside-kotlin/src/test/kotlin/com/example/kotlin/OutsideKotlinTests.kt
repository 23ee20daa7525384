package com.example.kotlin

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment
import org.springframework.boot.test.web.server.LocalServerPort
import java.net.URI
import java.net.http.HttpClient
import java.net.http.HttpRequest
import java.net.http.HttpResponse
import java.time.Duration

/**
 * The service on a random port, over real HTTP: a user's third quote of the minute is denied, 429 with
 * `Retry-After`, or answered by the suspending fallback; another user's quotes are their own.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class OutsideKotlinTests {

	private val client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()

	@LocalServerPort
	private var port: Int = 0

	@Test
	fun thirdQuoteOfTheMinuteIsDeniedWith429() {
		for (i in 1..2) {
			val allowed = get("/quote/ada")
			assertThat(allowed.statusCode()).`as`("request %d", i).isEqualTo(200)
			assertThat(allowed.body()).isEqualTo("A quote for ada")
		}
		val denied = get("/quote/ada")
		assertThat(denied.statusCode()).isEqualTo(429)
		// two permits a minute: the next is due in at most 30 s, whole seconds rounded up
		assertThat(denied.headers().firstValue("Retry-After").map(String::toInt))
			.hasValueSatisfying { assertThat(it).isBetween(1, 30) }
		assertThat(get("/quote/grace").statusCode()).isEqualTo(200)
	}

	@Test
	fun thirdQuoteOfTheMinuteIsTheFallbacks() {
		for (i in 1..2) {
			assertThat(get("/quote-or-later/alan").body()).`as`("request %d", i).isEqualTo("A quote for alan")
		}
		val later = get("/quote-or-later/alan")
		assertThat(later.statusCode()).isEqualTo(200)
		assertThat(later.body()).isEqualTo("No quote for alan until the limit quotes allows")
	}

	private fun get(path: String): HttpResponse<String> {
		val request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:${this.port}$path"))
			.timeout(Duration.ofSeconds(10))
			.build()
		return this.client.send(request, HttpResponse.BodyHandlers.ofString())
	}

}
