package io.limiter.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

/**
 * Settings of the limits on outbound calls made through the {@code RestClient.Builder}, {@code RestTemplateBuilder}
 * and {@code WebClient.Builder} that Spring Boot configures.
 */
public class OutboundSettings {

	/** Whether the RestClient, RestTemplate and WebClient builders of Spring Boot apply the rules. */
	private boolean enabled = true;

	/** The rules, in order: a call takes permits of the first rule whose hosts match its target, else of none. */
	private List<OutboundRuleSettings> rules = new ArrayList<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public List<OutboundRuleSettings> getRules() {
		return this.rules;
	}

	public void setRules(List<OutboundRuleSettings> rules) {
		this.rules = rules;
	}

}
