package io.limiter.spring.internal.aop

import io.limiter.spring.RateLimited
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatExceptionOfType
import org.junit.jupiter.api.Test
import org.springframework.core.ReactiveAdapterRegistry
import reactor.core.publisher.Mono

/**
 * How [MethodResult] reads a Kotlin suspending function: decided as a `Mono` when Spring's AOP can call it as one,
 * refused at start-up naming kotlinx-coroutines-reactor when it cannot (a class path this test cannot remove it
 * from, so the presence is given).
 */
class SuspendingMethodResultTests {

	private val method = Quotes::class.java.getMethod("quote", String::class.java,
			Class.forName("kotlin.coroutines.Continuation"))

	private val site = AnnotationSite(this.method.getAnnotation(RateLimited::class.java), this.method,
			Quotes::class.java)

	@Test
	fun suspendingFunctionIsDecidedAsAMono() {
		val result = MethodResult.of(this.site, ReactiveAdapterRegistry.getSharedInstance(), true)
		assertThat(result.kind()).isEqualTo(MethodResult.Kind.SINGLE)
		assertThat(result.adapter().reactiveType).isEqualTo(Mono::class.java)
	}

	@Test
	fun suspendingFunctionWithoutCoroutinesReactorFailsStartUpNamingIt() {
		assertThatExceptionOfType(InvalidRateLimitedException::class.java)
			.isThrownBy { MethodResult.of(this.site, ReactiveAdapterRegistry.getSharedInstance(), false) }
			.satisfies({ failure ->
				assertThat(failure.reason()).isEqualTo("it is a Kotlin suspending function, which Spring calls as a "
						+ "Mono only with kotlinx-coroutines-reactor on the class path; add "
						+ "org.jetbrains.kotlinx:kotlinx-coroutines-reactor to the application's dependencies")
			})
	}

	open class Quotes {

		@RateLimited(limit = "quotes")
		open suspend fun quote(id: String): String = id

	}

}
