package io.limiter.spring.testapp;

import io.limiter.spring.RateLimited;

@RateLimited(limit = "reports")
public class ReportService {

	public String report() {
		return "report";
	}

}
