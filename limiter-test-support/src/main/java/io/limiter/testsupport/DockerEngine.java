package io.limiter.testsupport;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import org.testcontainers.DockerClientFactory;

/**
 * Whether Testcontainers reaches a Docker engine that has the fixtures' image, with messages that say what to do
 * when it does not.
 */
final class DockerEngine {

	private static final String BUILD_SCRIPT = "src/test-images/redis/build.sh";

	private static final Set<String> foundImages = ConcurrentHashMap.newKeySet();

	private DockerEngine() {
	}

	static boolean isAvailable() {
		try {
			return DockerClientFactory.instance().isDockerAvailable();
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	/**
	 * Checks that a Docker engine answers and has an image, which is never pulled.
	 * @throws IllegalStateException saying what is missing and how to provide it
	 */
	static void requireImage(String image) {
		if (foundImages.contains(image)) {
			return;
		}
		DockerClient client;
		try {
			client = DockerClientFactory.instance().client();
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("No Docker engine answers Testcontainers (" + ex.getMessage()
					+ "): start one, e.g. dockerd as .ci/run does, then build the image " + image + " with "
					+ BUILD_SCRIPT, ex);
		}
		try {
			client.inspectImageCmd(image).exec();
		}
		catch (NotFoundException ex) {
			throw new IllegalStateException("The Docker engine has no image " + image + ", which is never pulled: "
					+ "build it from this machine's redis-server with " + BUILD_SCRIPT, ex);
		}
		foundImages.add(image);
	}

}
