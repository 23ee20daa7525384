package io.limiter.spring.autoconfigure;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.limiter.RedisBackend;
import io.limiter.RegionalBackend;

/**
 * Says at start-up, in one INFO line, which backend decides the limits and which setting chose it, so that nobody
 * runs several instances on the in-memory backend, each with limits of its own, without having been told.
 */
final class BackendChoice {

	static final String IN_MEMORY = "Limiter decides rate limits in memory, per instance: each instance of this"
			+ " application counts on its own. To share the limits between instances, set limiter.redis.url,"
			+ " limiter.redis.cluster.nodes or limiter.redis.sentinel.*, or add Spring Boot's Redis starter"
			+ " (spring-boot-starter-data-redis)";

	private static final Log logger = LogFactory.getLog(BackendChoice.class);

	private BackendChoice() {
	}

	/**
	 * Says that Redis decides.
	 * @param backend the backend, which says where Redis is (hosts only) and its namespace
	 * @param origin the setting that named Redis
	 */
	static void redis(RedisBackend backend, String origin) {
		logger.info("Limiter decides rate limits in " + backend + " (from " + origin + ")");
	}

	/**
	 * Says that a region's Redis decides, with the global limits' budgets borrowed from the home.
	 * @param backend the backend, which says its region, where its Redis and the home are (hosts only)
	 * @param origin the setting that named the region's Redis
	 */
	static void regional(RegionalBackend backend, String origin) {
		logger.info("Limiter decides rate limits in " + backend + " (the region's Redis from " + origin + ")");
	}

	/**
	 * Says that the in-memory backend decides, chosen because nothing names Redis.
	 */
	static void inMemory() {
		logger.info(IN_MEMORY);
	}

}
