package io.limiter.spring.autoconfigure;

/**
 * Settings of the {@code @RateLimited} aspect.
 */
public class AspectSettings {

	/** Order of the aspect among the advice of a method; lower runs first, outside transactions by default. */
	private int order = Integer.MAX_VALUE - 100;

	public int getOrder() {
		return this.order;
	}

	public void setOrder(int order) {
		this.order = order;
	}

}
