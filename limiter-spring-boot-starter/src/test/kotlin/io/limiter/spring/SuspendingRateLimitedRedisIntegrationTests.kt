package io.limiter.spring

import io.lettuce.core.RedisClient
import io.limiter.LimiterBackend
import io.limiter.RedisBackend
import io.limiter.testsupport.RedisFixtures
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test

/**
 * [SuspendingRateLimitedTests] on a real standalone Redis server: grants, denials, waits and the permits a cancelled
 * coroutine gives back decided by its scripts, on its clock.
 */
class SuspendingRateLimitedRedisIntegrationTests : SuspendingRateLimitedTests() {

	override fun backend(): Array<String> = arrayOf("limiter.redis.url=" + RedisFixtures.standalone().uri())

	override fun backendClass(): Class<out LimiterBackend> = RedisBackend::class.java

	@Test
	fun theDecisionsAreRedisKeys() = limited { _, partner ->
		assertThat(partner.pair(key)).isEqualTo("called")
		val client = RedisClient.create(RedisFixtures.standalone().uri())
		try {
			client.connect().use { connection ->
				assertThat(connection.sync().keys("limiter:*$key*")).isNotEmpty()
			}
		}
		finally {
			client.shutdown()
		}
	}

}
