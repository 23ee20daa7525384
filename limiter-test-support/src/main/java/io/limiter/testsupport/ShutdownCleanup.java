package io.limiter.testsupport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one JVM shutdown hook of the fixtures: closes whatever is still registered, newest first.
 */
final class ShutdownCleanup {

	private static final Set<AutoCloseable> resources = new LinkedHashSet<>();

	private static boolean hookInstalled;

	private ShutdownCleanup() {
	}

	static synchronized void register(AutoCloseable resource) {
		if (!hookInstalled) {
			Runtime.getRuntime().addShutdownHook(new Thread(ShutdownCleanup::closeAll, "limiter-redis-cleanup"));
			hookInstalled = true;
		}
		resources.add(resource);
	}

	static synchronized void unregister(AutoCloseable resource) {
		resources.remove(resource);
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
