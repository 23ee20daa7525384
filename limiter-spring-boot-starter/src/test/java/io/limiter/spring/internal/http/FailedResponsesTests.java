package io.limiter.spring.internal.http;

import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;

import org.junit.jupiter.api.Test;

import org.springframework.http.converter.HttpMessageNotWritableException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A response that fails after its answer started is a server error, unless the client went away.
 */
class FailedResponsesTests {

	@Test
	void aFailureOfTheServerIsAServerError() {
		assertThat(FailedResponses.status(200, new IllegalStateException("a getter that throws"))).isEqualTo(500);
		assertThat(FailedResponses.status(200, new HttpMessageNotWritableException("Could not write JSON")))
			.isEqualTo(500);
		assertThat(FailedResponses.status(401, new IOException("disk full"))).isEqualTo(500);
		assertThat(FailedResponses.status(200, null)).isEqualTo(500);
	}

	@Test
	void aClientThatWentAwayLeavesTheStatusItWasAnsweredWith() {
		assertThat(FailedResponses.status(200, new IOException("Broken pipe"))).isEqualTo(200);
		assertThat(FailedResponses.status(401, new IOException("Connection reset by peer"))).isEqualTo(401);
		assertThat(FailedResponses.status(200, new UncheckedIOException(new EOFException()))).isEqualTo(200);
	}

}
