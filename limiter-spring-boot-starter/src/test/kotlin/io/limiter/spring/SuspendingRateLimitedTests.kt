package io.limiter.spring

import io.limiter.InMemoryBackend
import io.limiter.LimiterBackend
import io.limiter.RateLimiterRegistry
import io.limiter.spring.autoconfigure.LimiterAspectAutoConfiguration
import io.limiter.spring.autoconfigure.LimiterAutoConfiguration
import io.limiter.spring.internal.aop.InvalidRateLimitedException
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.asCoroutineDispatcher
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.yield
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.springframework.boot.autoconfigure.AutoConfigurations
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration
import org.springframework.boot.test.context.assertj.AssertableApplicationContext
import org.springframework.boot.test.context.runner.ApplicationContextRunner
import java.util.concurrent.CopyOnWriteArrayList
import java.util.concurrent.Executors
import java.util.concurrent.ThreadLocalRandom

/**
 * [RateLimited] on Kotlin suspending functions, decided as for a `Mono`: a call is granted or denied (the exception,
 * or a suspending fallback), waits for its permits within `maxWait` without holding its thread, and a coroutine
 * cancelled while it waits gives back the permits it reserved and never runs the function. Wrong fallbacks and a
 * suspending function returning a `Flow` fail start-up.
 */
open class SuspendingRateLimitedTests {

	private val runner = ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(LimiterAutoConfiguration::class.java,
				LimiterAspectAutoConfiguration::class.java, AopAutoConfiguration::class.java))
		.withPropertyValues(*limit("pair", 2, "1m"))
		.withPropertyValues(*limit("paced", 1, "500ms"))
		.withPropertyValues(*limit("halves", 2, "1m"))
		.withPropertyValues(*backend())

	/** A key of this test's own, so that the tests run as well on a Redis that other tests share. */
	protected val key = "partner-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000))

	private val single = Executors.newSingleThreadExecutor { Thread(it, "single") }

	private val singleThread = single.asCoroutineDispatcher()

	@AfterEach
	fun closeThread() {
		singleThread.close()
	}

	/** The properties that choose the backend of the test: none here, the in-memory backend. */
	open fun backend(): Array<String> = arrayOf()

	/** The backend that [backend] chooses, which decides every call of the test. */
	open fun backendClass(): Class<out LimiterBackend> = InMemoryBackend::class.java

	private fun limit(name: String, capacity: Int, period: String): Array<String> {
		val prefix = "limiter.limits.$name"
		return arrayOf("$prefix.capacity=$capacity", "$prefix.period=$period")
	}

	/** Runs a test in a coroutine, on a context with the limited [Partner] and the backend of the test. */
	protected fun limited(test: suspend CoroutineScope.(AssertableApplicationContext, Partner) -> Unit) {
		this.runner.withBean(Partner::class.java).run { context ->
			assertThat(context).hasNotFailed()
			assertThat(context.getBean(LimiterBackend::class.java)).isInstanceOf(backendClass())
			runBlocking { test(context, context.getBean(Partner::class.java)) }
		}
	}

	@Test
	fun callsAreGrantedThenDeniedWithTheException() = limited { _, partner ->
		assertThat(partner.pair(key)).isEqualTo("called")
		assertThat(partner.pair(key)).isEqualTo("called")
		val denied = runCatching { partner.pair(key) }.exceptionOrNull()
		assertThat(denied).isInstanceOf(RateLimitExceededException::class.java)
		assertThat((denied as RateLimitExceededException).limitName()).isEqualTo("pair")
		assertThat(partner.calls).hasSize(2)
	}

	@Test
	fun deniedCallGetsItsSuspendingFallback() = limited { _, partner ->
		assertThat(partner.pairOrLater(key, 2)).isEqualTo(2)
		assertThat(partner.pairOrLater(key, 3)).isEqualTo(3)
		assertThat(partner.pairOrLater(key, 4)).isEqualTo(-4)
		assertThat(partner.pairOrLaterWithoutException(key)).isEqualTo("later")
		assertThat(partner.calls).hasSize(2)
	}

	@Test
	fun waitingCoroutinesHoldNoThread() = limited { _, partner ->
		// one permit per 500 ms: four calls at once end about 0, 500, 1000 and 1500 ms after the first, all on one
		// thread, which meanwhile runs other coroutines at once
		val start = System.nanoTime()
		val calls = (1..4).map { async(singleThread) { partner.paced(key) } }
		val probe = async(singleThread) { calls.count { it.isCompleted } }
		assertThat(probe.await()).`as`("calls done when the thread ran the next coroutine").isLessThanOrEqualTo(1)
		assertThat(calls.map { it.await() }).containsOnly("called")
		// the dispatcher's thread, named "single" (plus the coroutine's name in kotlinx's debug mode, which -ea enables)
		assertThat(partner.threads).hasSize(4).allMatch { it.startsWith("single") }
		assertThat(millisSince(start)).isGreaterThanOrEqualTo(1500 - 50)
	}

	@Test
	fun callWhosePermitWouldComeAfterMaxWaitIsDeniedAtOnce() = limited { _, partner ->
		assertThat(partner.pairWithin(key)).isEqualTo("called")
		assertThat(partner.pairWithin(key)).isEqualTo("called")
		val start = System.nanoTime()
		// the third permit comes 30 s after the first, beyond the 2 s of maxWait
		assertThat(runCatching { partner.pairWithin(key) }.exceptionOrNull())
			.isInstanceOf(RateLimitExceededException::class.java)
		assertThat(millisSince(start)).isLessThan(1000)
		assertThat(partner.calls).hasSize(2)
	}

	@Test
	fun coroutineCancelledWhileItWaitsGivesItsPermitsBack() = limited { context, partner ->
		val limiter = context.getBean(RateLimiterRegistry::class.java).limiter("halves")
		assertThat(limiter.tryAcquire(key).isAllowed).isTrue()
		val waiting = launch(singleThread) { partner.both(key) }
		// the call reserved the permit left and the next, due in 30 s: the key is full for 90 s
		withTimeout(10_000) { while (limiter.peek(key).resetAfterMillis() <= 60_000) delay(10) }
		waiting.cancel()
		// back to one taken, full in 30 s, as refill alone could make it only after 30 s
		withTimeout(10_000) { while (limiter.peek(key).resetAfterMillis() > 60_000) delay(10) }
		assertThat(partner.calls).isEmpty()
		// the permit given back is the next caller's, at once; still reserved, the next would come in 60 s
		assertThat(partner.one(key)).isEqualTo("called")
		assertThat(partner.calls).hasSize(1)
	}

	@Test
	fun fallbackThatDoesNotSuspendFailsStartUp() {
		this.runner.withBean(BlockingFallback::class.java).run { context ->
			val failure = invalidIn(context.startupFailure)
			assertThat(failure.attribute()).isEqualTo("fallbackMethod")
			assertThat(failure.reason()).endsWith("with the parameters [class java.lang.String, interface "
					+ "kotlin.coroutines.Continuation], optionally followed by RateLimitExceededException before the "
					+ "Continuation (a suspending function's fallback is suspending too)")
		}
	}

	@Test
	fun fallbackOfAnotherReturnTypeFailsStartUp() {
		this.runner.withBean(OtherTypeFallback::class.java).run { context ->
			assertThat(invalidIn(context.startupFailure).reason()).startsWith("its return type ")
				.endsWith(" is not assignable to java.lang.String")
		}
	}

	@Test
	fun suspendingFunctionReturningAFlowFailsStartUp() {
		this.runner.withBean(SuspendingFlow::class.java).run { context ->
			assertThat(invalidIn(context.startupFailure).reason())
				.startsWith("it is a Kotlin suspending function that returns a Flow")
		}
	}

	private fun invalidIn(failure: Throwable?): InvalidRateLimitedException {
		var cause = failure
		while (cause != null) {
			if (cause is InvalidRateLimitedException) {
				return cause
			}
			cause = cause.cause
		}
		throw AssertionError("no InvalidRateLimitedException among the causes of $failure", failure)
	}

	private fun millisSince(start: Long) = (System.nanoTime() - start) / 1_000_000

	open class Partner {

		// open, so that the proxy reads the target's
		open val calls: MutableList<String> = CopyOnWriteArrayList()

		open val threads: MutableList<String> = CopyOnWriteArrayList()

		private suspend fun called(key: String): String {
			yield()
			this.calls.add(key)
			this.threads.add(Thread.currentThread().name)
			return "called"
		}

		@RateLimited(limit = "pair", key = "#key")
		open suspend fun pair(key: String): String = called(key)

		@RateLimited(limit = "pair", key = "#key", fallbackMethod = "later")
		open suspend fun pairOrLater(key: String, value: Int): Int {
			called(key)
			return value
		}

		open suspend fun later(key: String, value: Int, denied: RateLimitExceededException): Int {
			yield()
			assertThat(denied.limitName()).isEqualTo("pair")
			return -value
		}

		@RateLimited(limit = "pair", key = "#key", fallbackMethod = "laterWithoutException")
		open suspend fun pairOrLaterWithoutException(key: String): String = called(key)

		open suspend fun laterWithoutException(key: String): String = "later"

		@RateLimited(limit = "pair", key = "#key", maxWait = "2s")
		open suspend fun pairWithin(key: String): String = called(key)

		@RateLimited(limit = "paced", key = "#key", maxWait = "3s")
		open suspend fun paced(key: String): String = called(key)

		@RateLimited(limit = "halves", key = "#key", cost = 2, maxWait = "2m")
		open suspend fun both(key: String): String = called(key)

		@RateLimited(limit = "halves", key = "#key")
		open suspend fun one(key: String): String = called(key)

	}

	open class BlockingFallback {

		@RateLimited(limit = "pair", fallbackMethod = "later")
		open suspend fun call(key: String): String = key

		open fun later(key: String, denied: RateLimitExceededException): String = key + denied.limitName()

	}

	open class OtherTypeFallback {

		@RateLimited(limit = "pair", fallbackMethod = "later")
		open suspend fun call(key: String): String = key

		open suspend fun later(key: String): Int = key.length

	}

	open class SuspendingFlow {

		@RateLimited(limit = "pair")
		open suspend fun call(key: String): Flow<String> = flowOf(key)

	}

}
