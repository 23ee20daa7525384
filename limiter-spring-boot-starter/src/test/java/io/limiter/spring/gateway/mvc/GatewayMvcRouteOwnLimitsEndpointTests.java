package io.limiter.spring.gateway.mvc;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.internal.actuate.LimitersDescriptors.KeyStateDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitDescriptor;
import io.limiter.spring.internal.actuate.LimitersEndpoint;
import io.limiter.spring.testapp.TestApplication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code limiters} endpoint of a gateway on Spring MVC, over HTTP, lists the routes' own limits
 * ({@code route.<route id>}): a properties route's from start-up, a Java route's from its first request, whose key it
 * then reads and resets.
 */
@SpringBootTest(classes = { TestApplication.class, GatewayMvcRoutes.class }, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "management.endpoints.web.exposure.include=limiters",
				"management.endpoint.limiters.access=unrestricted" })
@ActiveProfiles("gateway-mvc")
class GatewayMvcRouteOwnLimitsEndpointTests {

	private static final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private static final String CLIENT = "10.251.0.7";

	@LocalServerPort
	private int port;

	@Autowired
	private LimitersEndpoint endpoint;

	@Test
	void listsAPropertiesRoutesOwnLimitFromStartUp() throws Exception {
		assertThat(send("GET", "/actuator/limiters").body()).contains("\"route.props\":{\"algorithm\":\"fixed-window\","
				+ "\"capacity\":4,\"period\":\"PT1H\"");
		LimitDescriptor rates = this.endpoint.limiters().limits().get("route.props-rates");
		assertThat(rates).isNotNull();
		assertThat(rates.rates()).hasSize(2);
	}

	@Test
	void readsAndResetsAKeyOfAJavaRoutesOwnLimitOnceTheRouteIsMade() throws Exception {
		assertThat(send("GET", "/gw/inline").statusCode()).isEqualTo(200);
		assertThat(send("GET", "/actuator/limiters").body()).contains("\"route.inline\":{\"algorithm\":\"token-bucket\","
				+ "\"capacity\":2");
		assertThat(send("GET", "/actuator/limiters/route.inline/" + CLIENT).body()).contains("\"remaining\":1");
		assertThat(send("DELETE", "/actuator/limiters/route.inline/" + CLIENT).statusCode()).isEqualTo(200);
		assertThat(this.endpoint.keyState("route.inline", new String[] { CLIENT }))
			.isInstanceOfSatisfying(KeyStateDescriptor.class, (state) -> assertThat(state.remaining()).isEqualTo(2));
	}

	private HttpResponse<String> send(String method, String path) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.method(method, HttpRequest.BodyPublishers.noBody())
			.header("X-Forwarded-For", CLIENT)
			.build();
		return client.send(request, HttpResponse.BodyHandlers.ofString());
	}

}
