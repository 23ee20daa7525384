package io.limiter.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class LinkProxyTests {

	private static final byte[] PING = "PING\r\n".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] PONG = "+PONG\r\n".getBytes(StandardCharsets.US_ASCII);

	private static final Duration ONE_WAY = Duration.ofMillis(100);

	private static RedisServerProcess redis;

	@BeforeAll
	static void startRedis() {
		redis = RedisServerProcess.start();
	}

	@AfterAll
	static void stopRedis() {
		redis.stop();
	}

	@Test
	void aRoundTripThroughADelayedLinkTakesAtLeastTwiceTheDelay() throws IOException {
		try (LinkProxy link = LinkProxy.to(redis).delay(ONE_WAY); Socket socket = connect(link)) {
			long sent = System.nanoTime();
			send(socket, PING);
			receivePongs(socket, 1);
			assertThat(System.nanoTime() - sent).isGreaterThanOrEqualTo(ONE_WAY.multipliedBy(2).toNanos());
		}
	}

	@Test
	void pipelinedRequestsAreEachDelayedOnceNotOneAfterAnother() throws IOException {
		int requests = 20;
		try (LinkProxy link = LinkProxy.to(redis).delay(ONE_WAY); Socket socket = connect(link)) {
			long sent = System.nanoTime();
			for (int i = 0; i < requests; i++) {
				send(socket, PING);
				// apart, so that the proxy reads them as chunks of their own
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
			}
			receivePongs(socket, requests);
			long roundTrip = ONE_WAY.multipliedBy(2).toNanos();
			assertThat(System.nanoTime() - sent).as("about one round trip, far from %d of them", requests)
				.isGreaterThanOrEqualTo(roundTrip)
				.isLessThan(requests / 4 * roundTrip);
		}
	}

	@Test
	void aSeveredLinkForwardsNothingUntilHealedAndThenWhatWaited() throws IOException {
		try (LinkProxy link = LinkProxy.to(redis); Socket socket = connect(link)) {
			send(socket, PING);
			receivePongs(socket, 1);

			link.sever();
			send(socket, PING);
			socket.setSoTimeout(300);
			assertThatExceptionOfType(SocketTimeoutException.class).isThrownBy(() -> socket.getInputStream().read());
			try (Socket opened = connect(link)) {
				send(opened, PING);
				opened.setSoTimeout(300);
				assertThatExceptionOfType(SocketTimeoutException.class)
					.as("a connection opened while severed is not served")
					.isThrownBy(() -> opened.getInputStream().read());

				link.heal();
				socket.setSoTimeout(5000);
				opened.setSoTimeout(5000);
				receivePongs(socket, 1);
				receivePongs(opened, 1);
			}
		}
	}

	@Test
	void aNegativeDelayIsRefusedNamingTheValue() throws IOException {
		try (LinkProxy link = LinkProxy.to(redis)) {
			assertThatIllegalArgumentException().isThrownBy(() -> link.delay(Duration.ofMillis(-1)))
				.withMessageContaining("'PT-0.001S' of oneWay");
			assertThat(link.delay()).isZero();
		}
	}

	private static Socket connect(LinkProxy link) throws IOException {
		Socket socket = new Socket(link.host(), link.port());
		socket.setTcpNoDelay(true);
		socket.setSoTimeout(10_000);
		return socket;
	}

	private static void send(Socket socket, byte[] bytes) throws IOException {
		OutputStream out = socket.getOutputStream();
		out.write(bytes);
		out.flush();
	}

	private static void receivePongs(Socket socket, int count) throws IOException {
		InputStream in = socket.getInputStream();
		byte[] expected = new byte[PONG.length * count];
		for (int i = 0; i < count; i++) {
			System.arraycopy(PONG, 0, expected, i * PONG.length, PONG.length);
		}
		assertThat(in.readNBytes(expected.length)).isEqualTo(expected);
	}

}
