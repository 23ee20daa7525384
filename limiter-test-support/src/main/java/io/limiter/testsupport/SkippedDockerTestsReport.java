package io.limiter.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TagFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Says, in one line at the end of a module's tests, which of its test classes were left out because they need
 * Docker (the JUnit tag {@value #TAG}, excluded unless {@code LIMITER_DOCKER=required} or {@code -Pdocker}), and how
 * to run them. They stay left out: this only names them. Registered as a JUnit Platform listener; it reads what the
 * build's Surefire configuration passes as system properties, and says nothing in runs that do not pass them, that
 * include the tag, or whose module has no such class. A run of chosen tests ({@code -Dtest}) names only the Docker
 * classes it chose.
 */
public final class SkippedDockerTestsReport implements TestExecutionListener {

	/** The tag of the tests that need a Docker engine. */
	public static final String TAG = "docker";

	/** The system property holding the tags the run leaves out, comma-separated. */
	static final String EXCLUDED_GROUPS = "limiter.tests.excludedGroups";

	/** The system property holding the directory of the module's compiled test classes. */
	static final String TEST_CLASSES = "limiter.tests.classes";

	/** The system property holding the tags that an execution is limited to, if any. */
	static final String GROUPS = "limiter.tests.groups";

	@Override
	public void testPlanExecutionFinished(TestPlan testPlan) {
		String excluded = System.getProperty(EXCLUDED_GROUPS, "");
		String classes = System.getProperty(TEST_CLASSES);
		if (!Arrays.asList(excluded.split("\\s*,\\s*")).contains(TAG) || classes == null
				|| !Files.isDirectory(Path.of(classes))) {
			return;
		}
		Set<String> skipped = dockerClasses(Path.of(classes));
		skipped.removeIf((name) -> !chosen(name, System.getProperty("test")));
		if (!skipped.isEmpty()) {
			System.out.println(message(skipped));
		}
	}

	static String message(Set<String> skipped) {
		return "Left out for want of Docker (tag " + TAG + "): "
				+ skipped.stream().map((name) -> name.substring(name.lastIndexOf('.') + 1)).collect(
						Collectors.joining(", "))
				+ ". To run them: src/test-images/redis/build.sh, then LIMITER_DOCKER=required ./mvnw -B verify"
				+ " (README.md, Tests).";
	}

	/** {@return whether a class is among those {@code -Dtest} chose, every class when it chose none} */
	static boolean chosen(String className, String test) {
		if (test == null || test.isBlank()) {
			return true;
		}
		String simpleName = className.substring(className.lastIndexOf('.') + 1);
		for (String pattern : test.split(",")) {
			String name = pattern.trim().replaceAll("#.*$", "");
			String regex = Arrays.stream(name.split("\\*", -1)).map(Pattern::quote).collect(Collectors.joining(".*"));
			if (simpleName.matches(regex) || className.matches(regex)) {
				return true;
			}
		}
		return false;
	}

	private static Set<String> dockerClasses(Path testClasses) {
		LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
			.selectors(DiscoverySelectors.selectClasspathRoots(Set.of(testClasses)))
			.filters(TagFilter.includeTags(TAG));
		String groups = System.getProperty(GROUPS);
		if (groups != null && !groups.isBlank()) {
			request.filters(TagFilter.includeTags(List.of(groups.split("\\s*,\\s*"))));
		}
		LauncherDiscoveryRequest discovery = request.build();
		Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
			.enableTestExecutionListenerAutoRegistration(false)
			.enableLauncherSessionListenerAutoRegistration(false)
			.enableLauncherDiscoveryListenerAutoRegistration(false)
			.enablePostDiscoveryFilterAutoRegistration(false)
			.build());
		TestPlan plan = launcher.discover(discovery);
		Set<String> names = new TreeSet<>();
		for (TestIdentifier root : plan.getRoots()) {
			for (TestIdentifier test : plan.getDescendants(root)) {
				test.getSource()
					.filter(ClassSource.class::isInstance)
					.map((source) -> ((ClassSource) source).getClassName())
					.filter((name) -> !name.contains("$"))
					.ifPresent(names::add);
			}
		}
		return names;
	}

}
