package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.reactive.ReactiveOutcomeController;
import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

/**
 * {@link CountOnAcrossWindowsContract} for the WebFlux filter, on Netty.
 */
@SpringBootTest(classes = { ReactiveTestApplication.class, RuleBeans.class, ReactiveOutcomeController.class,
		CountOnAcrossWindowsContract.MovedClock.class }, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", CountOnAcrossWindowsContract.ALGORITHM,
				CountOnAcrossWindowsContract.CAPACITY, CountOnAcrossWindowsContract.PERIOD,
				CountOnAcrossWindowsContract.PATHS, CountOnAcrossWindowsContract.LIMIT,
				CountOnAcrossWindowsContract.KEY, CountOnAcrossWindowsContract.COUNT_ON })
class CountOnAcrossWindowsWebFluxTests extends CountOnAcrossWindowsContract {

}
