package com.example.kotlin

import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication

/**
 * A Kotlin WebFlux service outside Limiter's build: [QuoteController]'s suspending handlers call [QuoteService]'s
 * suspending functions, limited by the limit `quotes` of application.yml. No Redis: Limiter decides in memory.
 * (Its classes are declared `open`, as Spring's proxies need, where an application would use the kotlin-spring
 * compiler plugin.)
 */
@SpringBootApplication
open class OutsideKotlinApplication

fun main(args: Array<String>) {
	runApplication<OutsideKotlinApplication>(*args)
}
