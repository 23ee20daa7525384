package io.limiter.spring.autoconfigure;

import java.util.Map;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

import io.limiter.spring.RateLimitDenialBody;
import io.limiter.spring.RateLimitDenialBody.Body;
import io.limiter.spring.autoconfigure.FilterRuleSettings.Response;
import io.limiter.spring.internal.http.DenialResponse;
import io.limiter.spring.internal.http.RateLimitProblem;

/**
 * Turns {@code limiter.filter.rules[*].response} into the checked answer of a rule to the requests it denies,
 * reporting the first bad setting by its property name.
 */
final class DenialResponses {

	private DenialResponses() {
	}

	/**
	 * Checks a rule's response settings.
	 * @param prefix the settings' property prefix, such as {@code limiter.filter.rules[0].response.}
	 * @param settings the settings
	 * @param beans where the body writer is found
	 * @return the answer
	 */
	static DenialResponse of(String prefix, Response settings, BeanFactory beans) {
		RateLimitDenialBody body = body(prefix, settings, beans);
		for (Map.Entry<String, String> header : settings.getHeaders().entrySet()) {
			if (!header.getKey().matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+") || header.getValue() == null
					|| header.getValue().chars().anyMatch((c) -> c < 0x20 && c != '\t')) {
				throw new InvalidLimiterPropertyException(prefix + "headers." + header.getKey(), header.getValue(),
						"a header needs a token as its name and a value without control characters", null);
			}
		}
		try {
			return new DenialResponse(settings.getStatus(), settings.getHeaders(), body);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidLimiterPropertyException(prefix + "status", settings.getStatus(), ex.getMessage(), ex);
		}
	}

	private static RateLimitDenialBody body(String prefix, Response settings, BeanFactory beans) {
		String writer = settings.getBodyWriter();
		if (writer != null && settings.getBody() != null) {
			throw new InvalidLimiterPropertyException(prefix + "body-writer", writer,
					"set either it or " + prefix + "body, not both", null);
		}
		if (writer != null) {
			try {
				return beans.getBean(writer, RateLimitDenialBody.class);
			}
			catch (BeansException ex) {
				throw new InvalidLimiterPropertyException(prefix + "body-writer", writer,
						"no RateLimitDenialBody bean of that name: " + ex.getMessage(), ex);
			}
		}
		if (settings.getBody() == null) {
			return RateLimitProblem.INSTANCE;
		}
		try {
			MediaType.parseMediaType(settings.getContentType());
		}
		catch (InvalidMediaTypeException ex) {
			throw new InvalidLimiterPropertyException(prefix + "content-type", settings.getContentType(),
					ex.getMessage(), ex);
		}
		Body fixed = Body.of(settings.getContentType(), settings.getBody());
		return (denial) -> fixed;
	}

}
