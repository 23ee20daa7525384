package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;

import io.limiter.spring.testapp.OutcomeController;
import io.limiter.spring.testapp.RuleBeans;
import io.limiter.spring.testapp.TestApplication;

/**
 * {@link CountOnAcrossWindowsContract} for the servlet filter, on Tomcat.
 */
@SpringBootTest(classes = { TestApplication.class, RuleBeans.class, OutcomeController.class,
		CountOnAcrossWindowsContract.MovedClock.class }, webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { CountOnAcrossWindowsContract.ALGORITHM, CountOnAcrossWindowsContract.CAPACITY,
				CountOnAcrossWindowsContract.PERIOD, CountOnAcrossWindowsContract.PATHS,
				CountOnAcrossWindowsContract.LIMIT, CountOnAcrossWindowsContract.KEY,
				CountOnAcrossWindowsContract.COUNT_ON })
class CountOnAcrossWindowsServletTests extends CountOnAcrossWindowsContract {

}
