package io.limiter.spring.internal.aot;

import java.util.List;

import jakarta.servlet.http.HttpServletRequest;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.aot.hint.annotation.ReflectiveRuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.http.ProblemDetail;
import org.springframework.http.server.reactive.ServerHttpRequest;

import io.limiter.spring.internal.actuate.LimitersDescriptors;
import io.limiter.spring.internal.actuate.LimitersDescriptors.AdminErrorDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.AdminResultDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.InFlightDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.KeyStateDescriptor;
import io.limiter.spring.internal.actuate.LimitersDescriptors.LimitersDescriptor;
import io.limiter.spring.internal.actuate.LimitersEndpoint;
import io.limiter.spring.internal.aop.RateLimitedBeansAotProcessor;

import static org.assertj.core.api.Assertions.assertThat;

class LimiterStarterRuntimeHintsTests {

	private static final SpringFactoriesLoader AOT_FACTORIES = SpringFactoriesLoader
		.forResourceLocation("META-INF/spring/aot.factories");

	@Test
	void theRequestsThatFilterRuleExpressionsReadHaveTheirPublicMethods() {
		RuntimeHints hints = new RuntimeHints();
		new LimiterStarterRuntimeHints().registerHints(hints, getClass().getClassLoader());
		for (Class<?> request : List.of(HttpServletRequest.class, ServerHttpRequest.class)) {
			assertThat(RuntimeHintsPredicates.reflection()
				.onType(request)
				.withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS)).as(request.getName()).accepts(hints);
		}
		assertThat(RuntimeHintsPredicates.reflection()
			.onType(TypeReference.of("org.apache.catalina.connector.RequestFacade"))
			.withMemberCategory(MemberCategory.INVOKE_PUBLIC_METHODS)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(HttpServletRequest.class, "getHeader"))
			.accepts(hints);
	}

	@Test
	void aTypeThatIsNotOnTheClassPathIsLeftOut() {
		RuntimeHints hints = new RuntimeHints();
		new LimiterStarterRuntimeHints().registerHints(hints, new ClassLoader(null) {
		});
		assertThat(hints.reflection().typeHints()).extracting((hint) -> hint.getType().getName())
			.doesNotContain(LimiterStarterRuntimeHints.REQUEST_TYPES);
	}

	@Test
	void springAotFindsTheRegistrarAndTheBeanProcessor() {
		assertThat(AOT_FACTORIES.load(RuntimeHintsRegistrar.class))
			.hasAtLeastOneElementOfType(LimiterStarterRuntimeHints.class);
		assertThat(AOT_FACTORIES.load(BeanRegistrationAotProcessor.class))
			.hasAtLeastOneElementOfType(RateLimitedBeansAotProcessor.class);
	}

	@Test
	void theCoresScriptsAreRegisteredThroughTheCoresOwnFactories() {
		RuntimeHints hints = new RuntimeHints();
		AOT_FACTORIES.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(hints, getClass().getClassLoader()));
		assertThat(RuntimeHintsPredicates.resource().forResource("io/limiter/internal/algorithm/gcra.lua"))
			.accepts(hints);
	}

	@Test
	void theProblemBodyIsCoveredBySpringsOwnHints() {
		RuntimeHints hints = new RuntimeHints();
		AOT_FACTORIES.load(RuntimeHintsRegistrar.class)
			.forEach((registrar) -> registrar.registerHints(hints, getClass().getClassLoader()));
		assertThat(RuntimeHintsPredicates.reflection().onType(ProblemDetail.class)).accepts(hints);
	}

	@Test
	void theEndpointsListIsCoveredBySpringBootsOperationHints() {
		RuntimeHints hints = new RuntimeHints();
		new ReflectiveRuntimeHintsRegistrar().registerRuntimeHints(hints, LimitersEndpoint.class);
		assertThat(RuntimeHintsPredicates.reflection().onType(LimitersDescriptor.class)).accepts(hints);
		assertThat(RuntimeHintsPredicates.reflection().onType(KeyStateDescriptor.class)).rejects(hints);
	}

	@Test
	void theEndpointsAnswersDeclaredAsObjectAreRegisteredForJackson() {
		RuntimeHints hints = new RuntimeHints();
		new LimiterStarterRuntimeHints().registerHints(hints, getClass().getClassLoader());
		for (Class<?> answer : LimitersDescriptors.class.getDeclaredClasses()) {
			assertThat(RuntimeHintsPredicates.reflection().onType(answer)).as(answer.getSimpleName()).accepts(hints);
		}
		assertThat(LimitersDescriptors.class.getDeclaredClasses()).contains(KeyStateDescriptor.class,
				InFlightDescriptor.class, AdminResultDescriptor.class, AdminErrorDescriptor.class);
		assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(KeyStateDescriptor.class, "remaining"))
			.accepts(hints);
	}

}
