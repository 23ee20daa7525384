package io.limiter.spring.internal.http;

import java.net.URI;
import java.net.URISyntaxException;

import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

import io.limiter.spring.RateLimitDenialBody;

/**
 * The body a denied request gets unless its rule names another: an RFC 9457 problem that names the limit, with
 * the status of the answer (429 unless the rule sets another) and its reason phrase as the title. It is a Spring
 * {@link ProblemDetail} ({@link #problem(Denial)}), which the filters write with the application's own message
 * converters (servlet) or codecs (WebFlux), as Spring MVC and WebFlux write theirs; {@link #body(Denial)} writes the
 * same fields by hand, for an application that has no converter of {@code application/problem+json} (no JSON
 * library), so that a denial never turns into an error.
 */
public final class RateLimitProblem implements RateLimitDenialBody {

	/** The media type of the problem body. */
	public static final String MEDIA_TYPE = "application/problem+json";

	/** The one instance. */
	public static final RateLimitProblem INSTANCE = new RateLimitProblem();

	private RateLimitProblem() {
	}

	/**
	 * Returns the problem of a denied request.
	 * @param denial what was denied
	 * @return the problem: its status, title, detail and instance (the request's path), and the properties
	 * {@code limit} and {@code retryAfter} (seconds)
	 */
	public static ProblemDetail problem(Denial denial) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(denial.status()),
				detail(denial));
		problem.setTitle(title(denial));
		problem.setInstance(instance(denial.path()));
		problem.setProperty("limit", denial.limitName());
		problem.setProperty("retryAfter", denial.retryAfterSeconds());
		return problem;
	}

	private static String title(Denial denial) {
		HttpStatus known = HttpStatus.resolve(denial.status());
		return (known != null) ? known.getReasonPhrase() : "Request Denied";
	}

	private static String detail(Denial denial) {
		return "Rate limit '" + denial.limitName() + "' exceeded; retry after " + denial.retryAfterSeconds() + " s.";
	}

	/** The path as the request gave it, or quoted where it is not a valid URI reference. */
	private static URI instance(String path) {
		try {
			return new URI(path);
		}
		catch (URISyntaxException ex) {
			try {
				return new URI(null, null, path, null);
			}
			catch (URISyntaxException unquotable) {
				return null;
			}
		}
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The same fields as Spring's converters write of {@link #problem(Denial)}; {@code type} is left out, as they
	 * leave it out, since a problem without one is {@code about:blank} (RFC 9457, 3.1.1).
	 */
	@Override
	public Body body(Denial denial) {
		String json = "{\"title\":" + json(title(denial)) + ",\"status\":" + denial.status() + ",\"detail\":"
				+ json(detail(denial)) + ",\"instance\":" + json(denial.path()) + ",\"limit\":"
				+ json(denial.limitName()) + ",\"retryAfter\":" + denial.retryAfterSeconds() + "}";
		return Body.of(MEDIA_TYPE, json);
	}

	private static String json(String value) {
		StringBuilder out = new StringBuilder(value.length() + 2).append('"');
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			switch (c) {
				case '"' -> out.append("\\\"");
				case '\\' -> out.append("\\\\");
				default -> {
					if (c < 0x20) {
						out.append(String.format("\\u%04x", (int) c));
					}
					else {
						out.append(c);
					}
				}
			}
		}
		return out.append('"').toString();
	}

}
