package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.testapp.TestApplication;

/**
 * {@link KeyResolutionContract} for the servlet filter, on Tomcat.
 */
@SpringBootTest(classes = TestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("keys")
class KeyResolutionServletTests extends KeyResolutionContract {

}
