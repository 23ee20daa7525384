package io.limiter.spring.internal.aop;

import reactor.core.scheduler.Schedulers;

import org.springframework.util.ClassUtils;

/**
 * Tells whether the calling thread must not block: one of Reactor's non-blocking threads, as Netty's event loops
 * in WebFlux are. Without Reactor on the class path no thread is known to be one.
 */
final class NonBlockingThreads {

	private static final boolean REACTOR = ClassUtils.isPresent("reactor.core.scheduler.Schedulers",
			NonBlockingThreads.class.getClassLoader());

	private NonBlockingThreads() {
	}

	static boolean isCurrent() {
		return REACTOR && Schedulers.isInNonBlockingThread();
	}

}
