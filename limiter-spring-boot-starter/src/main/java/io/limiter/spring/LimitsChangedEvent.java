package io.limiter.spring;

import org.springframework.context.ApplicationEvent;

/**
 * Tells Limiter that the application's {@link org.springframework.core.env.Environment} may have changed its limits:
 * publish it (with {@link org.springframework.context.ApplicationEventPublisher#publishEvent(Object)}) after changing
 * the property sources, and the changed numbers of the configured limits and plans ({@code limiter.limits.*}) apply
 * at once, each key keeping its state. A change that start-up would refuse is refused whole and logged, the running
 * limits kept; a change that needs a restart is logged as such.
 * <p>
 * Applications with Spring Cloud (spring-cloud-context) need not publish it: its {@code EnvironmentChangeEvent}, as
 * {@code /actuator/refresh} and Spring Cloud Config publish it, does the same. Limiter reads the limits on the thread
 * that publishes either event, before the listeners of the default order.
 */
public class LimitsChangedEvent extends ApplicationEvent {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates the event.
	 * @param source who changed the property sources, such as the application context or a component of the
	 * application
	 */
	public LimitsChangedEvent(Object source) {
		super(source);
	}

}
