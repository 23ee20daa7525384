package com.example.kotlin

import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.PathVariable
import org.springframework.web.bind.annotation.RestController

/** Suspending handlers: a denied quote answers 429 (Limiter's answer to RateLimitExceededException). */
@RestController
class QuoteController(private val quotes: QuoteService) {

	@GetMapping("/quote/{user}")
	suspend fun quote(@PathVariable user: String): String = this.quotes.quote(user)

	@GetMapping("/quote-or-later/{user}")
	suspend fun quoteOrLater(@PathVariable user: String): String = this.quotes.quoteOrLater(user)

}
