package com.example.kotlin

import io.limiter.spring.RateLimitExceededException
import io.limiter.spring.RateLimited
import kotlinx.coroutines.delay
import org.springframework.stereotype.Service

/** Quotes per user, two a minute each: a denial throws, or answers with the suspending fallback. */
@Service
open class QuoteService {

	@RateLimited(limit = "quotes", key = "#user")
	open suspend fun quote(user: String): String = find(user)

	@RateLimited(limit = "quotes", key = "#user", fallbackMethod = "later")
	open suspend fun quoteOrLater(user: String): String = find(user)

	open suspend fun later(user: String, denied: RateLimitExceededException): String =
		"No quote for $user until the limit ${denied.limitName()} allows"

	private suspend fun find(user: String): String {
		delay(5)
		return "A quote for $user"
	}

}
