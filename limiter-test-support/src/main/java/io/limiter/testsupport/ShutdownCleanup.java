package io.limiter.testsupport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one JVM shutdown hook of the fixtures: closes whatever is still registered, newest first.
 * <p>
 * Resources are told apart by identity: a container's {@code equals} and {@code hashCode} follow its changing
 * state.
 */
final class ShutdownCleanup {

	private static final List<AutoCloseable> resources = new ArrayList<>();

	private static boolean hookInstalled;

	private ShutdownCleanup() {
	}

	static synchronized void register(AutoCloseable resource) {
		if (!hookInstalled) {
			Runtime.getRuntime().addShutdownHook(new Thread(ShutdownCleanup::closeAll, "limiter-redis-cleanup"));
			hookInstalled = true;
		}
		unregister(resource);
		resources.add(resource);
	}

	static synchronized void unregister(AutoCloseable resource) {
		resources.removeIf((registered) -> registered == resource);
	}

	private static void closeAll() {
		List<AutoCloseable> toClose;
		synchronized (ShutdownCleanup.class) {
			toClose = new ArrayList<>(resources);
		}
		Collections.reverse(toClose);
		for (AutoCloseable resource : toClose) {
			try {
				resource.close();
			}
			catch (Exception ex) {
				System.err.println("Could not stop " + resource + ": " + ex);
			}
		}
	}

}
