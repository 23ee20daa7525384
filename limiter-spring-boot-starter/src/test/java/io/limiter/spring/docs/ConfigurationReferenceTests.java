package io.limiter.spring.docs;

import java.beans.PropertyDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.BeanUtils;
import org.springframework.util.ReflectionUtils;

import io.limiter.spring.autoconfigure.LimiterProperties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code docs/configuration.md} lists every property of the starter, as its configuration metadata (written by
 * {@code spring-boot-configuration-processor}) names them, and nothing else: a new property cannot be left out of
 * the reference, nor a removed one stay in it. The metadata names a map or list of settings (such as
 * {@code limiter.limits}) as one property; the reference lists the settings of each element, which this test finds
 * on the element's class: {@code limiter.limits.<name>.capacity}, {@code limiter.filter.rules[i].key}. Where the
 * metadata or the settings class gives a default, the row's default column shows it; where neither does, "—".
 */
class ConfigurationReferenceTests {

	private static final String SETTINGS_PACKAGE = LimiterProperties.class.getPackageName();

	/** A row of a table whose first cell is a property: {@code | `limiter.x` | type | default | meaning |}. */
	private static final Pattern ROW = Pattern.compile(
			"^\\|\\s*`((?:limiter|management\\.endpoint\\.limiters)[^`]*)`\\s*\\|([^|]*)\\|([^|]*)\\|.*$");

	/** A map by text, or a list: the type of its elements. */
	private static final Pattern CONTAINER = Pattern.compile("^java\\.util\\.(?:Map<java\\.lang\\.String, ?|List<)([\\w.$]+)>$");

	/** The default column of a property that has none. */
	private static final String NO_DEFAULT = "—";

	private static final Pattern CODE_SPAN = Pattern.compile("`([^`]*)`");

	/** The placeholder of a map's keys on the page. */
	private static final Map<String, String> KEY_PLACEHOLDERS = Map.of("limits", "<name>", "concurrency",
			"<name>", "plans", "<plan>");

	@Test
	void theReferenceListsEveryPropertyOfTheMetadataAndNoOther() {
		Set<String> expected = properties().keySet();
		Set<String> page = rows().keySet();
		SoftAssertions.assertSoftly((softly) -> {
			softly.assertThat(difference(expected, page))
				.as("properties of the starter missing from docs/configuration.md")
				.isEmpty();
			softly.assertThat(difference(page, expected))
				.as("properties on docs/configuration.md that the starter does not have")
				.isEmpty();
		});
	}

	@Test
	void everyDefaultOfTheMetadataOrTheSettingsClassesIsTheDefaultOnThePage() {
		Map<String, Row> page = rows();
		properties().forEach((name, value) -> {
			Row row = page.get(name);
			if (row != null) {
				assertThat(normalized(row.defaultValue())).as("%s: the default of %s", row.location(), name)
					.isEqualTo((value != null) ? normalized(value) : NO_DEFAULT);
			}
		});
	}

	@Test
	void theMetadataOfTheSettingsIsGenerated() {
		Map<String, String> properties = properties();
		assertThat(properties).containsKeys("limiter.namespace", "limiter.redis.timeout", "limiter.filter.match",
				"limiter.limits.<name>.local-tier.mode", "limiter.limits.<name>.plans.<plan>.rates[i].capacity",
				"limiter.filter.rules[i].response.headers");
		assertThat(properties).containsEntry("limiter.limits.<name>.local-tier.mode", "block")
			.containsEntry("limiter.redis.timeout", "2s");
	}

	private static Set<String> difference(Set<String> all, Set<String> without) {
		Set<String> difference = new TreeSet<>(all);
		difference.removeAll(without);
		return difference;
	}

	/**
	 * Every property with its default (as text; {@code null} when it has none): those of the metadata, with a map
	 * or list of settings replaced by the settings of its elements.
	 */
	private static Map<String, String> properties() {
		Map<String, String> properties = new LinkedHashMap<>();
		for (JsonNode property : metadata().get("properties")) {
			String name = property.get("name").asString();
			String type = property.path("type").asString("");
			Class<?> element = settingsElement(type);
			if (element != null) {
				String suffix = type.startsWith("java.util.Map") ? "." + placeholder(name) : "[i]";
				addSettings(name + suffix, element, properties);
			}
			else {
				JsonNode value = property.get("defaultValue");
				properties.put(name, (value != null && !value.isNull()) ? value.asString() : null);
			}
		}
		return properties;
	}

	/** The starter's {@code META-INF/spring-configuration-metadata.json}: the one with the group {@code limiter}. */
	private static JsonNode metadata() {
		try {
			for (URL url : Collections.list(ConfigurationReferenceTests.class.getClassLoader()
				.getResources("META-INF/spring-configuration-metadata.json"))) {
				try (InputStream in = url.openStream()) {
					JsonNode metadata = JsonMapper.builder().build().readTree(in);
					for (JsonNode group : metadata.get("groups")) {
						if (group.get("name").asString().equals("limiter")) {
							return metadata;
						}
					}
				}
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		throw new AssertionError("No META-INF/spring-configuration-metadata.json on the class path has the group"
				+ " 'limiter': spring-boot-configuration-processor must run on the starter's build");
	}

	/** The settings of one element of a map or list, found on its class, each with its default. */
	private static void addSettings(String prefix, Class<?> type, Map<String, String> properties) {
		Object defaults = BeanUtils.instantiateClass(type);
		for (PropertyDescriptor descriptor : BeanUtils.getPropertyDescriptors(type)) {
			if (descriptor.getReadMethod() == null || descriptor.getName().equals("class")) {
				continue;
			}
			String name = prefix + "." + kebab(descriptor.getName());
			Type generic = descriptor.getReadMethod().getGenericReturnType();
			Class<?> element = settingsElement(generic.getTypeName());
			if (element != null) {
				String suffix = Map.class.isAssignableFrom(descriptor.getPropertyType())
						? "." + placeholder(name) : "[i]";
				addSettings(name + suffix, element, properties);
			}
			else if (isSettings(descriptor.getPropertyType())) {
				addSettings(name, descriptor.getPropertyType(), properties);
			}
			else if (descriptor.getWriteMethod() != null || isContainer(generic)) {
				properties.put(name, text(ReflectionUtils.invokeMethod(descriptor.getReadMethod(), defaults)));
			}
		}
	}

	private static boolean isContainer(Type type) {
		Type raw = (type instanceof ParameterizedType parameterized) ? parameterized.getRawType() : type;
		return raw instanceof Class<?> cls && (Map.class.isAssignableFrom(cls) || Collection.class.isAssignableFrom(cls));
	}

	/** The settings class of the elements of a map or list type, or {@code null} for any other type. */
	private static Class<?> settingsElement(String typeName) {
		Matcher matcher = CONTAINER.matcher(typeName);
		if (!matcher.matches()) {
			return null;
		}
		try {
			Class<?> element = Class.forName(matcher.group(1));
			return isSettings(element) ? element : null;
		}
		catch (ClassNotFoundException ex) {
			return null;
		}
	}

	private static boolean isSettings(Class<?> type) {
		return type.getPackageName().equals(SETTINGS_PACKAGE) && !type.isEnum() && !type.isPrimitive();
	}

	private static String placeholder(String mapProperty) {
		String last = mapProperty.substring(mapProperty.lastIndexOf('.') + 1);
		return KEY_PLACEHOLDERS.getOrDefault(last, "<key>");
	}

	/** A default as the page writes it: a duration in Spring Boot's style, an enum in lower kebab case. */
	private static String text(Object value) {
		if (value == null || (value instanceof Collection<?> c && c.isEmpty()) || (value instanceof Map<?, ?> m && m.isEmpty())) {
			return null;
		}
		if (value instanceof Duration duration) {
			return (duration.toMillis() % 1000 == 0) ? duration.toSeconds() + "s" : duration.toMillis() + "ms";
		}
		if (value instanceof Enum<?> constant) {
			return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
		}
		return String.valueOf(value);
	}

	private static String kebab(String camel) {
		return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
	}

	/** A default as text to compare: the first code span of a cell (which may explain it after), in lower case. */
	private static String normalized(String text) {
		Matcher code = CODE_SPAN.matcher(text);
		String value = code.find() ? code.group(1) : text;
		return value.replace('_', '-').replace(",", "").strip().toLowerCase(Locale.ROOT);
	}

	/** The property rows of {@code docs/configuration.md}, by property. */
	private static Map<String, Row> rows() {
		Path page = GuidePages.root().resolve("docs/configuration.md");
		List<String> lines = GuidePages.read(page);
		Map<String, Row> rows = new LinkedHashMap<>();
		for (int i = 0; i < lines.size(); i++) {
			Matcher row = ROW.matcher(lines.get(i));
			if (row.matches()) {
				Row previous = rows.put(row.group(1), new Row(GuidePages.location(page, i + 1), row.group(3)));
				assertThat(previous).as("%s lists %s again (first at %s)", GuidePages.location(page, i + 1),
						row.group(1), (previous != null) ? previous.location() : null).isNull();
			}
		}
		return rows;
	}

	/**
	 * One property's row.
	 * @param location its page and line
	 * @param defaultValue the text of its default column
	 */
	private record Row(String location, String defaultValue) {
	}

}
