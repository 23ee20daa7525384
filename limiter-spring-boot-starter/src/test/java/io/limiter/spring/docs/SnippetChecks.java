package io.limiter.spring.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.BindHandler;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.UnboundConfigurationPropertiesException;
import org.springframework.boot.context.properties.bind.handler.NoUnboundElementsBindHandler;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.convert.ApplicationConversionService;
import org.springframework.boot.env.OriginTrackedMapPropertySource;
import org.springframework.boot.env.PropertiesPropertySourceLoader;
import org.springframework.boot.env.PropertySourceLoader;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

import io.limiter.spring.LimitPlanResolver;
import io.limiter.spring.autoconfigure.InvalidLimiterPropertyException;
import io.limiter.spring.autoconfigure.LimiterProperties;

/**
 * What a snippet of the guide must do: YAML and properties bind to {@code limiter.*} without a property left
 * unbound and start an application with the starter's auto-configuration; Java compiles against the test class
 * path. Each check throws an {@link AssertionError} that names the page and line.
 */
final class SnippetChecks {

	/** Languages whose blocks are output or commands, never checked. */
	private static final List<String> UNCHECKED = List.of("console", "text", "http", "sh", "bash", "shell", "xml",
			"kotlin", "groovy", "json", "lua", "promql");

	private static final Pattern TYPE_NAME = Pattern.compile(
			"^\\s*public\\s+(?:(?:final|abstract|sealed|non-sealed|static)\\s+)*(?:class|interface|enum|record|@interface)\\s+(\\w+)",
			Pattern.MULTILINE);

	private static final Pattern ANY_TYPE = Pattern.compile(
			"^\\s*(?:(?:final|abstract|sealed|non-sealed)\\s+)*(?:class|interface|enum|record|@interface)\\s+(\\w+)",
			Pattern.MULTILINE);

	private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

	private SnippetChecks() {
	}

	/** Whether the snippet's language is one this class checks. */
	static boolean isChecked(GuidePages.Snippet snippet) {
		return switch (snippet.language()) {
			case "yaml", "yml", "properties", "java" -> true;
			default -> false;
		};
	}

	/**
	 * Fails naming the page and line for a block without a language (a YAML block written so would escape its
	 * check) or one of a language neither checked nor known as output.
	 */
	static void checkLanguage(GuidePages.Snippet snippet) {
		if (!isChecked(snippet) && !UNCHECKED.contains(snippet.language())) {
			throw new AssertionError(snippet.location() + ": a code block names its language: yaml, properties or java"
					+ " (checked), or one of " + UNCHECKED + " (not checked); was '" + snippet.language() + "'");
		}
	}

	/** Checks a snippet of a checked language; does nothing for the others. */
	static void check(GuidePages.Snippet snippet) {
		switch (snippet.language()) {
			case "yaml", "yml" -> checkConfiguration(snippet, new YamlPropertySourceLoader());
			case "properties" -> checkConfiguration(snippet, new PropertiesPropertySourceLoader());
			case "java" -> compile(snippet);
			default -> {
			}
		}
	}

	/**
	 * Parses the snippet, binds its {@code limiter} properties to {@link LimiterProperties} with no element left
	 * unbound, then starts an application of the starter's auto-configuration on it: the checks of start-up run.
	 * The application has a {@link LimitPlanResolver} bean, as one whose limits have plans must, and does not wait
	 * for a Redis connection unless the snippet says how long to.
	 */
	static void checkConfiguration(GuidePages.Snippet snippet, PropertySourceLoader loader) {
		PropertySource<?> source = load(snippet, loader);
		bind(snippet, source);
		new WebApplicationContextRunner().withConfiguration(autoConfigurations())
			.withBean(LimitPlanResolver.class, () -> (limit, key, request) -> null)
			.withPropertyValues("limiter.redis.startup-wait=0s")
			.withInitializer((context) -> context.getEnvironment().getPropertySources().addFirst(source))
			.run((context) -> {
				Throwable failure = context.getStartupFailure();
				if (failure != null) {
					throw new AssertionError(startupFailure(snippet, source, failure), failure);
				}
			});
	}

	private static PropertySource<?> load(GuidePages.Snippet snippet, PropertySourceLoader loader) {
		List<PropertySource<?>> documents;
		try {
			documents = loader.load(snippet.location(),
					new ByteArrayResource(snippet.text().getBytes(StandardCharsets.UTF_8), snippet.location()));
		}
		catch (IOException | RuntimeException ex) {
			throw new AssertionError(snippet.location() + ": the " + snippet.language() + " block does not parse"
					+ " (its lines count from the line after the fence): " + ex.getMessage(), ex);
		}
		if (documents.size() != 1) {
			throw new AssertionError(snippet.location() + ": a configuration block is one document, was "
					+ documents.size());
		}
		return documents.get(0);
	}

	private static void bind(GuidePages.Snippet snippet, PropertySource<?> source) {
		Binder binder = new Binder(ConfigurationPropertySources.from(source), null,
				ApplicationConversionService.getSharedInstance());
		try {
			binder.bind("limiter", Bindable.ofInstance(new LimiterProperties()), new NoUnboundElementsBindHandler(BindHandler.DEFAULT));
		}
		catch (BindException ex) {
			throw new AssertionError(bindFailure(snippet, ex), ex);
		}
	}

	private static String bindFailure(GuidePages.Snippet snippet, BindException ex) {
		if (ex.getCause() instanceof UnboundConfigurationPropertiesException unbound) {
			return unbound.getUnboundProperties()
				.stream()
				.map((property) -> at(snippet, property.getOrigin()) + ": " + property.getName()
						+ " is not a property of Limiter (it binds to nothing)")
				.collect(Collectors.joining("\n"));
		}
		ConfigurationProperty property = ex.getProperty();
		String where = (property != null) ? at(snippet, property.getOrigin()) : snippet.location();
		String name = (property != null) ? property.getName() + " = '" + property.getValue() + "'" : ex.getName().toString();
		return where + ": " + name + " does not bind: " + rootCause(ex).getMessage();
	}

	private static String startupFailure(GuidePages.Snippet snippet, PropertySource<?> source, Throwable failure) {
		String where = snippet.location();
		InvalidLimiterPropertyException invalid = find(failure, InvalidLimiterPropertyException.class);
		if (invalid != null && source instanceof OriginTrackedMapPropertySource tracked) {
			String property = invalid.property();
			while (property.contains(".") && tracked.getOrigin(property) == null) {
				property = property.substring(0, property.lastIndexOf('.'));
			}
			Origin origin = tracked.getOrigin(property);
			if (origin != null) {
				where = at(snippet, origin);
			}
		}
		Throwable shown = (invalid != null) ? invalid : rootCause(failure);
		return where + ": an application with this configuration does not start: " + shown.getMessage();
	}

	/** The page and line of a property's origin in the snippet; the snippet's fence when it has none. */
	private static String at(GuidePages.Snippet snippet, Origin origin) {
		for (Origin found = origin; found != null; found = found.getParent()) {
			if (found instanceof PropertySourceOrigin lookup) {
				found = lookup.getOrigin();
			}
			if (found instanceof TextResourceOrigin text && text.getLocation() != null) {
				return snippet.location(text.getLocation().getLine() + 1);
			}
		}
		return snippet.location();
	}

	/**
	 * Compiles the snippet, a whole compilation unit (imports and a type), against the test class path, with the
	 * project's warnings as errors.
	 */
	static void compile(GuidePages.Snippet snippet) {
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
		Path output = temporaryDirectory();
		try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, Locale.ROOT,
				StandardCharsets.UTF_8)) {
			files.setLocationFromPaths(StandardLocation.CLASS_OUTPUT, List.of(output));
			List<String> options = List.of("-proc:none", "--release", "17", "-classpath", classPath(),
					"-Xlint:all,-processing,-serial,-options,-classfile", "-Werror");
			boolean compiled = compiler.getTask(null, files, diagnostics, options, null, List.of(source(snippet)))
				.call();
			if (!compiled) {
				throw new AssertionError(diagnostics.getDiagnostics()
					.stream()
					.map((diagnostic) -> ((diagnostic.getLineNumber() > 0)
							? snippet.location((int) diagnostic.getLineNumber()) : snippet.location()) + ": "
							+ diagnostic.getKind().toString().toLowerCase(Locale.ROOT) + ": "
							+ diagnostic.getMessage(Locale.ROOT))
					.collect(Collectors.joining("\n", "the java block does not compile:\n", "")));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			delete(output);
		}
	}

	private static JavaFileObject source(GuidePages.Snippet snippet) {
		String text = snippet.text();
		Matcher type = TYPE_NAME.matcher(text);
		Matcher anyType = ANY_TYPE.matcher(text);
		String name = type.find() ? type.group(1) : anyType.find() ? anyType.group(1) : null;
		if (name == null) {
			throw new AssertionError(snippet.location() + ": a java block is a whole compilation unit (its imports"
					+ " and a class), so that it compiles as a reader copies it; this one declares no type");
		}
		Matcher pkg = PACKAGE.matcher(text);
		String path = (pkg.find() ? pkg.group(1).replace('.', '/') + "/" : "") + name + ".java";
		return new SimpleJavaFileObject(URI.create("string:///" + path), JavaFileObject.Kind.SOURCE) {
			@Override
			public CharSequence getCharContent(boolean ignoreEncodingErrors) {
				return text;
			}
		};
	}

	/** The test class path: surefire's, when it hands the JVM a manifest-only jar. */
	private static String classPath() {
		return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
	}

	/** Every auto-configuration of the starter, as an application with it on the class path has them. */
	private static AutoConfigurations autoConfigurations() {
		List<Class<?>> classes = new ArrayList<>();
		ClassLoader loader = SnippetChecks.class.getClassLoader();
		for (String name : ImportCandidates.load(AutoConfiguration.class, loader)) {
			if (name.startsWith("io.limiter.")) {
				try {
					classes.add(Class.forName(name, false, loader));
				}
				catch (ClassNotFoundException ex) {
					throw new IllegalStateException(ex);
				}
			}
		}
		classes.add(AopAutoConfiguration.class);
		return AutoConfigurations.of(classes.toArray(Class<?>[]::new));
	}

	private static Throwable rootCause(Throwable failure) {
		Throwable cause = failure;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		return cause;
	}

	private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (type.isInstance(cause)) {
				return type.cast(cause);
			}
		}
		return null;
	}

	private static Path temporaryDirectory() {
		try {
			return Files.createTempDirectory("guide-snippet");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void delete(Path directory) {
		try (Stream<Path> paths = Files.walk(directory)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
