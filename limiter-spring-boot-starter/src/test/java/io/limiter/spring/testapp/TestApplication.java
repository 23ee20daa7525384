package io.limiter.spring.testapp;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * A small web application that uses the starter as a user would, for the MockMvc and end-to-end tests.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ TestController.class, QuoteService.class, ReportService.class })
public class TestApplication {

}
