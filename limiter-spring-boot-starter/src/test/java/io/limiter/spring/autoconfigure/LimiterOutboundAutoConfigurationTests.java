package io.limiter.spring.autoconfigure;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.core.ResolvableType;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.WebClient;

import io.limiter.Algorithm;
import io.limiter.Limit;
import io.limiter.RateLimiterRegistry;
import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.client.LimitedHttpClients;
import io.limiter.spring.internal.client.HostRoutedExchangeFilter;
import io.limiter.spring.internal.client.HostRoutedInterceptor;
import io.limiter.spring.internal.client.HostRoutes;

import static io.limiter.spring.autoconfigure.LimiterAutoConfigurationTests.failsWith;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@code limiter.outbound.rules}: how they bind and which target each call goes to, the customizers of Spring Boot's
 * {@code RestClient.Builder}, {@code RestTemplateBuilder} and {@code WebClient.Builder} and their conditions, the
 * start-up line of each rule, and the bad settings that fail start-up naming the property and the value.
 */
@ExtendWith(OutputCaptureExtension.class)
class LimiterOutboundAutoConfigurationTests {

	private static final Pattern LINE = Pattern.compile("(Limiter limits outbound calls|limiter.outbound.rules) .*");

	/** The limit 'partner' has plans, which a LimitPlanResolver chooses for inbound requests. */
	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration.class, LimiterOutboundAutoConfiguration.class))
		.withPropertyValues("limiter.limits.partner.capacity=10", "limiter.limits.partner.period=1s",
				"limiter.limits.partner.plans.gold.capacity=20", "limiter.limits.other.capacity=3",
				"limiter.limits.other.period=1m")
		.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null);

	private final ApplicationContextRunner partnerRule = this.runner.withPropertyValues(
			"limiter.outbound.rules[0].hosts=api.partner.com", "limiter.outbound.rules[0].limit=partner");

	@Test
	void eachCallGoesToTheFirstRuleWhoseHostsMatchItsTarget(CapturedOutput output) {
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=API.partner.com, *.partner.com:8443",
					"limiter.outbound.rules[0].limit=partner", "limiter.outbound.rules[0].plan=gold",
					"limiter.outbound.rules[0].cost=2", "limiter.outbound.rules[0].max-wait=5s",
					"limiter.outbound.rules[1].hosts=10.0.0.7, [::1]:8080, eu.partner.com",
					"limiter.outbound.rules[1].limit=other")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				HostRoutes<LimitedHttpClients.Builder> routes = routes(context);
				LimitedHttpClients.Builder partner = routes.routes().get(0).target();
				LimitedHttpClients.Builder other = routes.routes().get(1).target();
				assertThat(routes.find(URI.create("https://api.partner.com/v1"))).isSameAs(partner);
				assertThat(routes.find(URI.create("http://Api.Partner.COM:9000/v1"))).as("any port").isSameAs(partner);
				assertThat(routes.find(URI.create("https://eu.partner.com:8443/v1"))).isSameAs(partner);
				assertThat(routes.find(URI.create("https://a.eu.partner.com:8443/v1"))).isSameAs(partner);
				assertThat(routes.find(URI.create("https://eu.partner.com/v1"))).as("port 443").isSameAs(other);
				assertThat(routes.find(URI.create("https://partner.com:8443/v1"))).as("not below the domain").isNull();
				assertThat(routes.find(URI.create("https://api.partner.com.evil.com/v1"))).isNull();
				assertThat(routes.find(URI.create("http://10.0.0.7/v1"))).isSameAs(other);
				assertThat(routes.find(URI.create("http://[::1]:8080/v1"))).isSameAs(other);
				assertThat(routes.find(URI.create("http://[::1]:8081/v1"))).isNull();
				assertThat(routes.find(URI.create("/relative"))).isNull();
				assertThat(restClientInterceptors(context)).singleElement()
					.isInstanceOf(HostRoutedInterceptor.class)
					.hasToString("HostRoutedInterceptor[[api.partner.com, *.partner.com:8443] -> LimitedCallInterceptor{"
							+ "limit 'partner' (plan 'gold', 2 permits per call, maxWait PT5S)}, [10.0.0.7, [::1]:8080,"
							+ " eu.partner.com] -> LimitedCallInterceptor{limit 'other' (plan 'default', 1 permits per"
							+ " call, maxWait PT0S)}]");
				assertThat(restTemplateInterceptors(context)).singleElement().isInstanceOf(HostRoutedInterceptor.class);
				assertThat(webClientFilters(context)).singleElement()
					.isInstanceOf(HostRoutedExchangeFilter.class)
					.hasToString("HostRoutedExchangeFilter[[api.partner.com, *.partner.com:8443] -> LimitedExchangeFilter{"
							+ "limit 'partner' (plan 'gold', 2 permits per call, maxWait PT5S)}, [10.0.0.7, [::1]:8080,"
							+ " eu.partner.com] -> LimitedExchangeFilter{limit 'other' (plan 'default', 1 permits per"
							+ " call, maxWait PT0S)}]");
			});
		assertThat(lines(output)).containsExactly(
				"Limiter limits outbound calls to api.partner.com, *.partner.com:8443 by limit 'partner' (plan 'gold',"
						+ " 2 permits per call, per host:port, waiting at most 5000 ms) (limiter.outbound.rules[0])",
				"Limiter limits outbound calls to 10.0.0.7, [::1]:8080, eu.partner.com by limit 'other' (1 permit per"
						+ " call, per host:port, never waiting) (limiter.outbound.rules[1])");
	}

	@Test
	void aRuleWithAKeySaysThatAllItsHostsShareIt(CapturedOutput output) {
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=api.partner.com, *.partner.com",
					"limiter.outbound.rules[0].limit=partner", "limiter.outbound.rules[0].key=partner-api")
			.run((context) -> assertThat(context).hasNotFailed());
		assertThat(lines(output)).containsExactly("Limiter limits outbound calls to api.partner.com, *.partner.com by"
				+ " limit 'partner' (1 permit per call, one key 'partner-api' for all its hosts, never waiting)"
				+ " (limiter.outbound.rules[0])");
	}

	@Test
	void aBlankKeyFails() {
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].key=")
			.run(failsWith("limiter.outbound.rules[0].key", "", "a key must not be blank"));
	}

	@Test
	void aRuleTakesTheCostFromTheLimitsCapacitySoNoRefreshLowersItBelow() {
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=api.partner.com",
					"limiter.outbound.rules[0].limit=other", "limiter.outbound.rules[0].cost=3")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				RateLimiterRegistry registry = context.getBean(RateLimiterRegistry.class);
				assertThatIllegalArgumentException()
					.isThrownBy(() -> registry.update("other", Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofMinutes(1))))
					.withMessageContaining("takes 3 permits");
			});
	}

	@Test
	void withoutRulesTheBuildersGetNothing(CapturedOutput output) {
		this.runner.run((context) -> {
			assertThat(context).hasBean("limiterRestClientCustomizer")
				.hasBean("limiterRestTemplateCustomizer")
				.hasBean("limiterWebClientCustomizer");
			assertThat(restClientInterceptors(context)).isEmpty();
			assertThat(restTemplateInterceptors(context)).isEmpty();
			assertThat(webClientFilters(context)).isEmpty();
		});
		assertThat(lines(output)).isEmpty();
	}

	@Test
	void turnedOffNoBuilderIsCustomized() {
		this.partnerRule.withPropertyValues("limiter.outbound.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("limiterOutboundRoutes")
				.doesNotHaveBean(RestClientCustomizer.class)
				.doesNotHaveBean(RestTemplateCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class));
	}

	@Test
	void eachClientNeedsItsClasses(CapturedOutput output) {
		this.partnerRule.withClassLoader(new FilteredClassLoader(WebClient.class))
			.run((context) -> assertThat(context).hasSingleBean(RestClientCustomizer.class)
				.hasSingleBean(RestTemplateCustomizer.class)
				.doesNotHaveBean(WebClientCustomizer.class));
		this.partnerRule.withClassLoader(new FilteredClassLoader(RestClientCustomizer.class))
			.run((context) -> assertThat(context).doesNotHaveBean("limiterRestClientCustomizer")
				.doesNotHaveBean("limiterRestTemplateCustomizer")
				.hasSingleBean(WebClientCustomizer.class));
		assertThat(lines(output)).noneMatch((line) -> line.startsWith("limiter.outbound.rules"));
		this.partnerRule.withClassLoader(new FilteredClassLoader(RestClientCustomizer.class, WebClientCustomizer.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean("limiterRestClientCustomizer")
				.doesNotHaveBean("limiterWebClientCustomizer"));
		assertThat(lines(output)).as("one line from each of the first two runs, none from the third")
			.filteredOn((line) -> line.startsWith("Limiter limits"))
			.hasSize(2);
		assertThat(lines(output)).last().isEqualTo("limiter.outbound.rules limit no call: they apply to the"
				+ " RestClient.Builder, RestTemplateBuilder and WebClient.Builder of Spring Boot, whose modules"
				+ " (spring-boot-restclient, spring-boot-webclient) the application does not have");
	}

	@Test
	void aUserCustomizerOfTheSameNameBacksOffOurs() {
		RestClientCustomizer own = (builder) -> builder.baseUrl("https://own.example");
		this.partnerRule.withBean("limiterRestClientCustomizer", RestClientCustomizer.class, () -> own)
			.run((context) -> assertThat(context).getBean(RestClientCustomizer.class).isSameAs(own));
	}

	@Test
	void aRuleWithoutHostsFails() {
		this.runner.withPropertyValues("limiter.outbound.rules[0].limit=partner")
			.run(failsWith("limiter.outbound.rules[0].hosts", "[]", "a rule must name the hosts whose calls it limits"));
	}

	@Test
	void badHostPatternsFailNamingTheirValue() {
		hostFails("https://api.partner.com", "not a host or host:port");
		hostFails("api.partner.com/v1", "not a host or host:port");
		hostFails("user@api.partner.com", "not a host or host:port");
		hostFails("bad_host", "not a host or host:port");
		hostFails("api.partner.com:http", "not a host or host:port");
		hostFails("api.*.com", "the only wildcard is a leading '*.'");
		hostFails("*", "the only wildcard is a leading '*.'");
		hostFails("*.[::1]", "an IP address has no subdomains");
		hostFails("api.partner.com:0", "the port must be from 1 to 65535");
		hostFails("api.partner.com:65536", "the port must be from 1 to 65535");
		hostFails("api.partner.com:", "the port must be from 1 to 65535");
		this.runner.withPropertyValues("limiter.outbound.rules[0].hosts[0]= ", "limiter.outbound.rules[0].limit=partner")
			.run(failsWith("limiter.outbound.rules[0].hosts", "", "a host must not be blank"));
	}

	@Test
	void aHostThatAnEarlierRuleAlwaysMatchesFirstFails() {
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=*.partner.com", "limiter.outbound.rules[0].limit=partner",
					"limiter.outbound.rules[1].hosts=eu.partner.com:8443", "limiter.outbound.rules[1].limit=other")
			.run(failsWith("limiter.outbound.rules[1].hosts", "eu.partner.com:8443", "every call to eu.partner.com:8443"
					+ " matches '*.partner.com' of limiter.outbound.rules[0] first, so this rule never applies to it"));
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=api.partner.com:443",
					"limiter.outbound.rules[0].limit=partner", "limiter.outbound.rules[1].hosts=api.partner.com",
					"limiter.outbound.rules[1].limit=other")
			.run((context) -> assertThat(context).as("other ports still reach the second rule").hasNotFailed());
	}

	@Test
	void anUnknownLimitOrPlanFailsNamingTheKnownOnes() {
		this.runner.withPropertyValues("limiter.outbound.rules[0].hosts=api.partner.com")
			.run(failsWith("limiter.outbound.rules[0].limit", "null", "a rule must name the limit"));
		this.runner
			.withPropertyValues("limiter.outbound.rules[0].hosts=api.partner.com", "limiter.outbound.rules[0].limit=partnr")
			.run(failsWith("limiter.outbound.rules[0].limit", "partnr",
					"no limit named 'partnr'; the limits are [partner, other]"));
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].plan=platinum")
			.run(failsWith("limiter.outbound.rules[0].plan", "platinum",
					"limit 'partner' has no plan named 'platinum'; its plans are [default, gold]"));
	}

	@Test
	void aNegativeMaxWaitFails() {
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].max-wait=-1s")
			.run(failsWith("limiter.outbound.rules[0].max-wait", "PT-1S", "the longest wait must be zero"));
	}

	@Test
	void aCostOutsideOneToEveryPlansCapacityFails() {
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].cost=0")
			.run(failsWith("limiter.outbound.rules[0].cost", "0",
					"the cost must be between 1 and the capacity of limit 'partner'"));
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].plan=gold", "limiter.outbound.rules[0].cost=11")
			.run(failsWith("limiter.outbound.rules[0].cost", "11",
					"takes 11 permits, more than the capacity 10 of limit 'partner'"));
		this.partnerRule.withPropertyValues("limiter.outbound.rules[0].plan=gold", "limiter.outbound.rules[0].cost=10")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	private void hostFails(String host, String reason) {
		this.runner.withPropertyValues("limiter.outbound.rules[0].hosts[0]=" + host, "limiter.outbound.rules[0].limit=partner")
			.run(failsWith("limiter.outbound.rules[0].hosts", host, reason));
	}

	@SuppressWarnings("unchecked")
	private static HostRoutes<LimitedHttpClients.Builder> routes(AssertableApplicationContext context) {
		return (HostRoutes<LimitedHttpClients.Builder>) context.getBeanProvider(
				ResolvableType.forClassWithGenerics(HostRoutes.class, LimitedHttpClients.Builder.class))
			.getObject();
	}

	private static List<ClientHttpRequestInterceptor> restClientInterceptors(AssertableApplicationContext context) {
		RestClient.Builder builder = RestClient.builder();
		context.getBean(RestClientCustomizer.class).customize(builder);
		List<ClientHttpRequestInterceptor> interceptors = new ArrayList<>();
		builder.requestInterceptors(interceptors::addAll);
		return interceptors;
	}

	private static List<ClientHttpRequestInterceptor> restTemplateInterceptors(AssertableApplicationContext context) {
		RestTemplate restTemplate = new RestTemplate();
		context.getBean(RestTemplateCustomizer.class).customize(restTemplate);
		return restTemplate.getInterceptors();
	}

	private static List<ExchangeFilterFunction> webClientFilters(AssertableApplicationContext context) {
		WebClient.Builder builder = WebClient.builder();
		context.getBean(WebClientCustomizer.class).customize(builder);
		List<ExchangeFilterFunction> filters = new ArrayList<>();
		builder.filters(filters::addAll);
		return filters;
	}

	private static List<String> lines(CapturedOutput output) {
		return LINE.matcher(output.getAll()).results().map((result) -> result.group().strip()).toList();
	}

}
