package io.limiter.spring.autoconfigure;

import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.ResolvableType;

/**
 * Refreshes the limits on one type of event, on the thread that publishes it, at order {@value #ORDER}: before the
 * listeners of the default order, among them Spring Cloud's {@code ConfigurationPropertiesRebinder}, so that they find
 * the new limits applied, and so that a rebinder that fails on a bad value does not keep Limiter from refusing it.
 */
final class LimitsRefreshListener implements GenericApplicationListener {

	static final int ORDER = 0;

	private final Class<? extends ApplicationEvent> eventType;

	private final LimitsRefresher refresher;

	LimitsRefreshListener(Class<? extends ApplicationEvent> eventType, LimitsRefresher refresher) {
		this.eventType = eventType;
		this.refresher = refresher;
	}

	@Override
	public boolean supportsEventType(ResolvableType eventType) {
		return this.eventType.isAssignableFrom(eventType.toClass());
	}

	@Override
	public void onApplicationEvent(ApplicationEvent event) {
		this.refresher.refresh();
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
