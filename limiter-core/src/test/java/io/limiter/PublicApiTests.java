package io.limiter;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public package holds the API and nothing else: every public type of {@code io.limiter} is listed here, so that
 * a type only Limiter's own modules need goes to {@code io.limiter.integration} or {@code io.limiter.internal}
 * instead of growing the API, and no public signature names either of those packages. The settled shape of the API is
 * pinned here too: one way to build a limit, the names Java users know, and nothing public that only Limiter uses.
 */
class PublicApiTests {

	private static final List<String> API = List.of("AdminOperation", "Algorithm", "CalendarPeriod", "ConcurrencyLimit",
			"ConcurrencyLimiter", "ConcurrencyPermit", "Decision", "DegradedReason", "FailurePolicy", "GlobalBudget",
			"InMemoryBackend", "Limit", "LimiterBackend", "LimiterBackendException", "LimiterClock", "LimiterObserver",
			"LimiterOptions", "Loans", "LocalTier", "MissPolicy", "Rate", "RateLimiter", "RateLimiterRegistry", "Receipt",
			"RedisBackend", "RedisBackendBuilder", "RegionalBackend", "RegionalBackendBuilder");

	@Test
	void thePublicPackageExportsOnlyTheApi() throws Exception {
		assertThat(publicTypes().stream().map(Class::getSimpleName)).containsExactlyInAnyOrderElementsOf(API);
	}

	@Test
	void noPublicSignatureNamesTheIntegrationOrInternalPackages() throws Exception {
		List<String> leaks = new ArrayList<>();
		for (Class<?> type : publicTypes()) {
			collectLeaks(type, leaks);
		}
		assertThat(leaks).isEmpty();
	}

	@Test
	void aLimitIsBuiltOneWayPerThing() {
		assertThat(publicMethods(Limit.class, true)).containsExactlyInAnyOrder("builder(Algorithm)",
				"of(Algorithm, long, Duration)");
		assertThat(publicMethods(Limit.Builder.class, false)).containsExactlyInAnyOrder("build()",
				"rate(long, Duration)", "rate(Rate)");
		assertThat(publicMethods(Limit.class, false)).doesNotContain("toBuilder()");
	}

	@Test
	void theWaitingTryAcquireAndTheTwoGiveBacksHaveTheirOwnNames() {
		List<String> methods = publicMethods(RateLimiter.class, false);
		assertThat(methods).contains("tryAcquire(String, long, Duration)", "tryAcquireAsync(String, long, Duration)",
				"addPermits(String, long)", "addPermitsAsync(String, long)", "refund(String, Decision)",
				"refundAsync(String, Decision)");
		assertThat(methods).noneMatch((method) -> method.startsWith("acquire"))
			.doesNotContain("refund(String, long)", "refundAsync(String, long)");
		assertThat(AdminOperation.ADD_PERMITS.configName()).isEqualTo("add-permits");
		assertThat(AdminOperation.REFUND.configName()).isEqualTo("refund");
	}

	@Test
	void theBackendsFailureIsNotNamedLikeADenial() {
		assertThat(LimiterBackendException.class.getSuperclass()).isEqualTo(RuntimeException.class);
		assertThat(API).doesNotContain("RateLimiterException");
	}

	@Test
	void decisionsAreMadeByFactoriesAndCopiedOnlyInsideLimiter() {
		assertThat(publicMethods(Decision.class, true)).containsExactlyInAnyOrder("allowed(long, long, long)",
				"reserved(long, long, long)", "denied(long, long, long, long)",
				"of(boolean, long, long, long, long, long, boolean, boolean, int, Receipt)");
		assertThat(publicMethods(Decision.class, false)).doesNotContain("degraded()", "local()", "forRate(int)",
				"withReceipt(Receipt)");
		assertThat(Decision.allowed(10, 9, 100)).isEqualTo(Decision.of(true, 10, 9, 0, 100, 0, false, false, 0, null));
	}

	@Test
	void aReceiptShowsOnlyItsPermits() {
		assertThat(Receipt.class.isInterface()).isTrue();
		assertThat(publicMethods(Receipt.class, false)).containsExactly("permits()");
		assertThat(publicMethods(Receipt.class, true)).isEmpty();
	}

	@Test
	void whatOnlyLimiterUsesIsNotPublic() throws Exception {
		assertThat(publicMethods(CalendarPeriod.class, false)).doesNotContain("windowStart(long, ZoneId)",
				"windowEnd(long, ZoneId)");
		assertThat(Modifier.isPublic(RedisBackend.class.getDeclaredField("GIVE_BACK_WAIT").getModifiers())).isFalse();
		assertThat(publicMethods(RedisBackendBuilder.class, true)).doesNotContain("checkSentinelMaster(String)");
	}

	@Test
	void limitsChangeOnlyThroughTheRegistry() {
		assertThat(publicMethods(LimiterBackend.class, false)).noneMatch((method) -> method.startsWith("update("));
		assertThat(publicMethods(InMemoryBackend.class, false)).noneMatch((method) -> method.startsWith("update("));
		assertThat(publicMethods(RedisBackend.class, false)).noneMatch((method) -> method.startsWith("update("));
		assertThat(publicMethods(RateLimiterRegistry.class, false)).contains("limiter(String, Limit)",
				"limiter(String, Limit, LimiterOptions)", "update(String, Limit)", "update(String, String, Limit)",
				"update(Map)");
	}

	/** The public methods of a type, its own and inherited, static or not, as {@code name(SimpleType, ...)}. */
	private static List<String> publicMethods(Class<?> type, boolean statics) {
		return Stream.of(type.getMethods())
			.filter((method) -> method.getDeclaringClass() != Object.class && !method.isSynthetic()
					&& Modifier.isStatic(method.getModifiers()) == statics)
			.map((method) -> method.getName() + Stream.of(method.getParameterTypes())
				.map(Class::getSimpleName)
				.collect(Collectors.joining(", ", "(", ")")))
			.distinct()
			.toList();
	}

	private static List<Class<?>> publicTypes() throws IOException, URISyntaxException, ClassNotFoundException {
		Path classes = Path.of(Decision.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.resolve("io/limiter");
		List<Class<?>> types = new ArrayList<>();
		try (Stream<Path> files = Files.list(classes)) {
			for (Path file : files.filter(PublicApiTests::isTopLevelClass).toList()) {
				String name = file.getFileName().toString().replace(".class", "");
				Class<?> type = Class.forName("io.limiter." + name);
				if (Modifier.isPublic(type.getModifiers())) {
					types.add(type);
				}
			}
		}
		return types;
	}

	private static boolean isTopLevelClass(Path file) {
		String name = file.getFileName().toString();
		return name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class");
	}

	private static void collectLeaks(Class<?> type, List<String> leaks) {
		for (Type supertype : type.getGenericInterfaces()) {
			check(type.getName() + " implements", supertype, leaks);
		}
		check(type.getName() + " extends", type.getGenericSuperclass(), leaks);
		for (Field field : type.getDeclaredFields()) {
			if (isVisible(field)) {
				check(field.toString(), field.getGenericType(), leaks);
			}
		}
		List<Executable> executables = new ArrayList<>(List.of(type.getDeclaredConstructors()));
		executables.addAll(List.of(type.getDeclaredMethods()));
		for (Executable executable : executables) {
			if (isVisible(executable) && !(executable instanceof Method method && method.isSynthetic())) {
				for (Type parameter : executable.getGenericParameterTypes()) {
					check(executable.toString(), parameter, leaks);
				}
				for (Type thrown : executable.getGenericExceptionTypes()) {
					check(executable.toString(), thrown, leaks);
				}
				if (executable instanceof Method method) {
					check(method.toString(), method.getGenericReturnType(), leaks);
				}
			}
		}
		for (Class<?> nested : type.getDeclaredClasses()) {
			if (Modifier.isPublic(nested.getModifiers()) || Modifier.isProtected(nested.getModifiers())) {
				collectLeaks(nested, leaks);
			}
		}
	}

	private static boolean isVisible(Member member) {
		return Modifier.isPublic(member.getModifiers()) || Modifier.isProtected(member.getModifiers());
	}

	private static void check(String where, Type type, List<String> leaks) {
		if (type instanceof Class<?> named) {
			Class<?> element = named.isArray() ? named.componentType() : named;
			String packageName = element.getPackageName();
			if (packageName.startsWith("io.limiter.internal") || packageName.startsWith("io.limiter.integration")) {
				leaks.add(where + " names " + element.getName());
			}
		}
		else if (type instanceof ParameterizedType parameterized) {
			check(where, parameterized.getRawType(), leaks);
			for (Type argument : parameterized.getActualTypeArguments()) {
				check(where, argument, leaks);
			}
		}
		else if (type instanceof GenericArrayType array) {
			check(where, array.getGenericComponentType(), leaks);
		}
		else if (type instanceof WildcardType wildcard) {
			Stream.concat(Stream.of(wildcard.getUpperBounds()), Stream.of(wildcard.getLowerBounds()))
				.forEach((bound) -> check(where, bound, leaks));
		}
	}

}
