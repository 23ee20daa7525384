package io.limiter.samples.demo;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import io.limiter.spring.internal.metrics.MicrometerLimiterObserver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The monitoring set of {@code samples/monitoring} (no Docker engine is needed to check it): its files parse, the
 * Grafana dashboard queries exactly the meters the starter registers, under their Prometheus names, and covers each
 * of them; Prometheus scrapes the demo's {@code /actuator/prometheus}; Grafana is provisioned with that Prometheus
 * and the dashboard; and the compose file runs Redis, the demo on it, Prometheus and Grafana with files that exist.
 */
class MonitoringFilesTests {

	private static final Path MONITORING = Path.of("..", "monitoring");

	private static final Pattern METRIC = Pattern.compile("\\blimiter_[a-z_]+");

	@Test
	void theDashboardQueriesEveryMeterOfTheStarterAndNoOther() throws IOException {
		JsonNode dashboard = JsonMapper.builder()
			.build()
			.readTree(MONITORING.resolve("grafana/dashboards/limiter.json").toFile());
		assertThat(dashboard.get("uid").asString()).isEqualTo("limiter");
		Set<String> queried = new TreeSet<>();
		for (JsonNode panel : dashboard.get("panels")) {
			assertThat(panel.get("targets")).as(panel.get("title").asString()).isNotEmpty();
			for (JsonNode target : panel.get("targets")) {
				Matcher metric = METRIC.matcher(target.get("expr").asString());
				while (metric.find()) {
					queried.add(metric.group());
				}
			}
		}
		String decisions = prometheusName(MicrometerLimiterObserver.DECISIONS) + "_total";
		String latency = prometheusName(MicrometerLimiterObserver.LATENCY) + "_seconds";
		assertThat(queried).containsExactlyInAnyOrder(decisions, latency + "_bucket", latency + "_sum",
				latency + "_count", prometheusName(MicrometerLimiterObserver.REDIS_CALLS) + "_total",
				prometheusName(MicrometerLimiterObserver.DEGRADED) + "_total",
				prometheusName(MicrometerLimiterObserver.MEMORY_OVERFLOW) + "_total");
		assertThat(dashboard.at("/templating/list/0/definition").asString())
			.isEqualTo("label_values(" + decisions + ", limit)");
	}

	@Test
	void prometheusScrapesTheDemo() throws IOException {
		Map<String, Object> config = yaml("prometheus/prometheus.yml");
		Map<String, Object> job = first(config, "scrape_configs");
		assertThat(job).containsEntry("metrics_path", "/actuator/prometheus");
		assertThat(job.get("static_configs")).asString().contains("demo:8080");
	}

	@Test
	void grafanaIsProvisionedWithPrometheusAndTheDashboard() throws IOException {
		Map<String, Object> datasource = first(yaml("grafana/provisioning/datasources/prometheus.yaml"), "datasources");
		assertThat(datasource).containsEntry("type", "prometheus")
			.containsEntry("uid", "prometheus")
			.containsEntry("url", "http://prometheus:9090");
		Map<String, Object> provider = first(yaml("grafana/provisioning/dashboards/limiter.yaml"), "providers");
		assertThat(provider.get("options")).isEqualTo(Map.of("path", "/var/lib/grafana/dashboards"));
	}

	@Test
	@SuppressWarnings("unchecked")
	void composeRunsRedisTheDemoPrometheusAndGrafanaWithFilesThatExist() throws IOException {
		Map<String, Object> services = (Map<String, Object>) yaml("compose.yaml").get("services");
		assertThat(services).containsOnlyKeys("redis", "demo", "prometheus", "grafana");
		assertThat(((Map<String, Object>) services.get("demo")).get("command")).asString()
			.contains("--limiter.redis.url=redis://redis:6379");
		for (Object service : services.values()) {
			for (Object volume : (List<Object>) ((Map<String, Object>) service).getOrDefault("volumes", List.of())) {
				Path source = MONITORING.resolve(volume.toString().split(":")[0]).normalize();
				if (!source.endsWith(Path.of("target", "demo.jar"))) {
					assertThat(source).as("mounted by %s", volume).exists();
				}
			}
		}
	}

	private static String prometheusName(String meter) {
		return meter.replace('.', '_');
	}

	private static Map<String, Object> yaml(String file) throws IOException {
		try (Reader reader = Files.newBufferedReader(MONITORING.resolve(file))) {
			return new Yaml().load(reader);
		}
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> first(Map<String, Object> document, String list) {
		return ((List<Map<String, Object>>) document.get(list)).get(0);
	}

}
