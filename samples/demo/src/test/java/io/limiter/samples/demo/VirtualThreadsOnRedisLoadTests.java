package io.limiter.samples.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.api.StatefulRedisConnection;
import jakarta.servlet.Filter;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.limiter.testsupport.HttpLoad;
import io.limiter.testsupport.RedisFixtures;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The servlet demo on virtual threads ({@code spring.threads.virtual.enabled}) and Redis, under load: 64 clients, each
 * sending its next request as soon as the last is answered, for a few seconds, half through the filter
 * ({@code /api/hello}) and half to a {@code @RateLimited} method ({@code /api/users/{id}/quote}, its limit lowered to
 * 5 per 250 ms so that it refills during the run), each a hot key. Every request is answered, the grants stay within
 * the limits, Redis decided (its keys), the requests ran on virtual threads, and JFR saw no virtual thread pinned to
 * its carrier while Limiter's or Lettuce's code blocked: waiting for Redis unmounts the thread.
 * <p>
 * Needs Java 21 or later: the demo's pom runs it only there (the Java 25 line of CI), and leaves it out of the Java 17
 * build. Compiled for Java 17 with the rest, so {@code Thread.isVirtual()} is called by reflection.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "spring.threads.virtual.enabled=true",
		"limiter.limits.quote.capacity=5", "limiter.limits.quote.period=250ms" })
class VirtualThreadsOnRedisLoadTests {

	private static final int CLIENTS = 64;

	private static final Duration LOAD = Duration.ofSeconds(4);

	private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(5);

	private static final String NAMESPACE = "vthreads-" + UUID.randomUUID().toString().substring(0, 8);

	private static final AtomicInteger onPlatformThreads = new AtomicInteger();

	private static final AtomicInteger onVirtualThreads = new AtomicInteger();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry properties) {
		properties.add("limiter.redis.url", () -> RedisFixtures.standalone().uri());
		properties.add("limiter.namespace", () -> NAMESPACE);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class ThreadKinds {

		/** Counts the requests that reach the application by the kind of thread that serves them. */
		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		Filter threadKinds() {
			return (request, response, chain) -> {
				(isVirtual(Thread.currentThread()) ? onVirtualThreads : onPlatformThreads).incrementAndGet();
				chain.doFilter(request, response);
			};
		}

	}

	@Test
	void everyRequestIsAnsweredWithinTheLimitsAndNoVirtualThreadIsPinnedWaitingForRedis() throws Exception {
		HttpRequest hello = request("/api/hello");
		HttpRequest quote = request("/api/users/42/quote");
		warmUp();
		onVirtualThreads.set(0);
		Map<HttpRequest, HttpLoad.Answers> answers;
		List<RecordedEvent> pinned;
		try (Recording recording = new Recording()) {
			recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
			recording.start();
			List<HttpRequest> clients = new ArrayList<>();
			for (int i = 0; i < CLIENTS; i++) {
				clients.add((i % 2 == 0) ? hello : quote);
			}
			answers = HttpLoad.run(clients, LOAD);
			recording.stop();
			pinned = eventsOf(recording);
		}
		HttpLoad.Answers helloAnswers = answers.get(hello);
		HttpLoad.Answers quoteAnswers = answers.get(quote);
		List<RecordedEvent> pinnedInLimiter = pinned.stream()
			.filter((event) -> !loadsAClass(event))
			.filter((event) -> nearestCode(event).startsWith("io.limiter.")
					|| nearestCode(event).startsWith("io.lettuce."))
			.toList();
		System.out.printf("virtual threads: %d requests in %d ms (hello: %d allowed, %d denied; quote: %d allowed, "
				+ "%d denied), %d reached the application on virtual threads, %d on platform threads; %d pinned "
				+ "events, %d of them blocked in io.limiter or io.lettuce (class loading aside)%n",
				helloAnswers.answered() + quoteAnswers.answered(), helloAnswers.millis(), helloAnswers.allowed(),
				helloAnswers.denied(), quoteAnswers.allowed(), quoteAnswers.denied(), onVirtualThreads.get(),
				onPlatformThreads.get(), pinned.size(), pinnedInLimiter.size());
		System.out.println("pinned, by the code nearest the block: " + pinned.stream()
			.collect(Collectors.groupingBy((event) -> (loadsAClass(event) ? "class loading in " : "")
					+ nearestCode(event), TreeMap::new, Collectors.counting())));
		assertEveryRequestAnswered(helloAnswers);
		assertEveryRequestAnswered(quoteAnswers);
		assertThat(helloAnswers.allowed()).as("token bucket 10 per second, burst 10, over %d ms", helloAnswers.millis())
			.isBetween(10, 10 + (int) (10 * helloAnswers.millis() / 1000) + 1);
		assertThat(quoteAnswers.allowed()).as("5 per 250 ms over %d ms", quoteAnswers.millis())
			.isBetween(5, 5 + (int) (5 * quoteAnswers.millis() / 250) + 5);
		assertThat(redisKeys()).as("keys Redis holds for the two limits")
			.anyMatch((key) -> key.contains("hello"))
			.anyMatch((key) -> key.contains("quote"));
		assertThat(onPlatformThreads).as("requests served on platform threads").hasValue(0);
		assertThat(onVirtualThreads.get()).as("requests past the limits' filter (hello allowed, every quote), "
				+ "served on virtual threads").isEqualTo(helloAnswers.allowed() + quoteAnswers.answered());
		assertThat(pinnedInLimiter).as("virtual threads pinned while Limiter's or Lettuce's code blocked").isEmpty();
	}

	private static void assertEveryRequestAnswered(HttpLoad.Answers answers) {
		assertThat(answers.unanswered()).as("requests not answered within %s", CLIENT_TIMEOUT).isZero();
		assertThat(answers.other()).as("answers other than 200 and 429").isZero();
		assertThat(answers.denied()).as("requests denied at the limit").isPositive();
	}

	private HttpRequest request(String path) {
		return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.timeout(CLIENT_TIMEOUT)
			.GET()
			.build();
	}

	/**
	 * Requests one at a time before the recording, up to the first denial of each path: the classes of a grant and
	 * of a denial are loaded and initialized before the load starts.
	 */
	private void warmUp() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		for (String path : List.of("/api/hello", "/api/users/7/quote")) {
			int status = 0;
			for (int i = 0; i < 50 && status != 429; i++) {
				status = http.send(request(path), HttpResponse.BodyHandlers.discarding()).statusCode();
			}
			assertThat(status).as("the warm-up of %s reached a denial", path).isEqualTo(429);
		}
	}

	private static List<RecordedEvent> eventsOf(Recording recording) throws IOException {
		Path file = Files.createTempFile("virtual-threads", ".jfr");
		try {
			recording.dump(file);
			return RecordingFile.readAllEvents(file);
		}
		finally {
			Files.delete(file);
		}
	}

	/**
	 * The first frame of a pinned thread's stack outside the JDK: the code that blocked (a wait for Redis would be
	 * Limiter's waiting on its future, or Lettuce's), not the code that merely runs further down the stack, such as
	 * Limiter's filter under Tomcat's or Spring's own blocks.
	 */
	private static String nearestCode(RecordedEvent event) {
		return frames(event).stream()
			.map((frame) -> frame.getMethod().getType().getName() + "." + frame.getMethod().getName())
			.filter((method) -> !method.startsWith("java.") && !method.startsWith("jdk.")
					&& !method.startsWith("sun."))
			.findFirst()
			.orElse("(the JDK only)");
	}

	/** Whether the thread was pinned while a class was loaded or initialized: the first use of a class. */
	private static boolean loadsAClass(RecordedEvent event) {
		String reason = event.hasField("pinnedReason") ? String.valueOf(event.getValue("pinnedReason")) : "";
		return reason.contains("initialization") || frames(event).stream()
			.anyMatch((frame) -> frame.getMethod().getType().getName().equals("java.lang.ClassLoader")
					&& frame.getMethod().getName().equals("loadClass"));
	}

	private static List<RecordedFrame> frames(RecordedEvent event) {
		return (event.getStackTrace() != null) ? event.getStackTrace().getFrames() : List.of();
	}

	private static List<String> redisKeys() {
		RedisClient client = RedisClient.create(RedisFixtures.standalone().uri());
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			List<String> keys = new ArrayList<>();
			ScanIterator.scan(connection.sync(), ScanArgs.Builder.matches("limiter:" + NAMESPACE + ":*"))
				.forEachRemaining(keys::add);
			return keys;
		}
		finally {
			client.shutdown();
		}
	}

	private static boolean isVirtual(Thread thread) {
		try {
			return (boolean) Thread.class.getMethod("isVirtual").invoke(thread);
		}
		catch (ReflectiveOperationException ex) {
			return false;
		}
	}

}
