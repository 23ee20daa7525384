package io.limiter.spring.internal.aop;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;

/**
 * Rejects {@link io.limiter.spring.RateLimited} keys that cannot tell callers apart: a value whose text is
 * {@code Object}'s (class name and identity hash) is new with every object, so every call would get a key of its
 * own and the limit would never apply.
 */
final class KeyCheck {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	/** A key that is one parameter: {@code #name}, {@code #p0} or {@code #a0}. */
	private static final Pattern PARAMETER = Pattern.compile("#(\\w+)");

	private static final Pattern POSITION = Pattern.compile("[ap](\\d+)");

	/** Whether a type's text is its value rather than {@code Object}'s class name and identity hash. */
	private static final ClassValue<Boolean> HAS_OWN_TO_STRING = new ClassValue<>() {

		@Override
		protected Boolean computeValue(Class<?> type) {
			try {
				return type.getMethod("toString").getDeclaringClass() != Object.class;
			}
			catch (NoSuchMethodException ex) {
				throw new IllegalStateException("every class has toString()", ex);
			}
		}

	};

	private KeyCheck() {
	}

	/**
	 * Checks the value of a key at a call.
	 * @param value the value the key expression gave
	 * @param site the annotation and its method, for the message
	 * @throws InvalidRateLimitedException when the value's text is {@code Object}'s
	 */
	static void checkValue(Object value, AnnotationSite site) {
		if (!HAS_OWN_TO_STRING.get(value.getClass())) {
			throw rejection(site, value.getClass());
		}
	}

	/**
	 * Checks a key before any call, when it names one parameter whose declared type shows that every value's text
	 * is {@code Object}'s: an array, or a concrete class other than {@code Object} without its own
	 * {@code toString()}. Interfaces, abstract classes and {@code Object} are left to {@link #checkValue}.
	 * @param site the annotation and its method
	 * @throws InvalidRateLimitedException when the declared type shows it
	 */
	static void checkDeclared(AnnotationSite site) {
		Class<?> type = parameterType(site.annotation().key().trim(), site.method());
		if (type == null || type == Object.class) {
			return;
		}
		boolean concrete = !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
		if ((type.isArray() || concrete) && !HAS_OWN_TO_STRING.get(type)) {
			throw rejection(site, type);
		}
	}

	private static Class<?> parameterType(String key, Method method) {
		Matcher parameter = PARAMETER.matcher(key);
		if (!parameter.matches()) {
			return null;
		}
		String name = parameter.group(1);
		String[] names = PARAMETER_NAMES.getParameterNames(method);
		for (int i = 0; (names != null) && i < names.length; i++) {
			if (names[i].equals(name)) {
				return method.getParameterTypes()[i];
			}
		}
		Matcher position = POSITION.matcher(name);
		if (position.matches() && position.group(1).length() < 4) {
			int index = Integer.parseInt(position.group(1));
			return (index < method.getParameterCount()) ? method.getParameterTypes()[index] : null;
		}
		return null;
	}

	private static InvalidRateLimitedException rejection(AnnotationSite site, Class<?> type) {
		return site.invalid("key", site.annotation().key(), "it gives a " + type.getTypeName()
				+ ", which has no toString() of its own: its text is its identity, new with every object, so every "
				+ "call would get a key of its own and the limit would never apply. Name a value that identifies the "
				+ "caller instead, such as a property of it (#request.userId).", null);
	}

}
