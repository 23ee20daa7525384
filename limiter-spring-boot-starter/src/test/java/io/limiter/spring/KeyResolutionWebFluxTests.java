package io.limiter.spring;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;

import io.limiter.spring.testapp.reactive.ReactiveTestApplication;

/**
 * {@link KeyResolutionContract} for the WebFlux filter, on Netty.
 */
@SpringBootTest(classes = ReactiveTestApplication.class, webEnvironment = WebEnvironment.RANDOM_PORT)
@ActiveProfiles("reactive-keys")
class KeyResolutionWebFluxTests extends KeyResolutionContract {

}
