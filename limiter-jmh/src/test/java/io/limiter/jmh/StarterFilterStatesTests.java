package io.limiter.jmh;

import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;

class StarterFilterStatesTests {

	@Test
	void theServletFilterLetsTheBurstThroughAndAnswersTheNextRequestWith429() throws Exception {
		ServletFilterState state = new ServletFilterState();
		state.open(limit(2));
		try {
			assertThat(state.decide()).isEqualTo(200);
			assertThat(state.decide()).isEqualTo(200);
			assertThat(state.decide()).isEqualTo(429);
			assertThat(ServletFilterState.mocksAlone()).isEqualTo(200);
		}
		finally {
			state.close();
		}
	}

	@Test
	void theWebFluxFilterLetsTheBurstThroughAndAnswersTheNextExchangeWith429() {
		WebFluxFilterState state = new WebFluxFilterState();
		state.open(limit(2));
		try {
			assertThat(state.decide()).isNull();
			assertThat(state.decide()).isNull();
			assertThat(state.decide()).isEqualTo(HttpStatus.TOO_MANY_REQUESTS);
			assertThat(WebFluxFilterState.mocksAlone()).isNull();
		}
		finally {
			state.close();
		}
	}

	private static LimitParams limit(long burst) {
		LimitParams params = new LimitParams();
		params.scenario = "per_user";
		params.burst = burst;
		params.rate = 1;
		params.check();
		return params;
	}

}
