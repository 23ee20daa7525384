package io.limiter.jmh;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.limiter.Algorithm;
import io.limiter.Limit;

import static org.assertj.core.api.Assertions.assertThat;

class MeteredStarterStateTests {

	@Test
	void theStartersLimiterHasTheBenchmarksLimitAndMetersEveryDecision() {
		LimitParams params = new LimitParams();
		params.scenario = "per_user";
		params.burst = 2;
		params.rate = 1;
		params.check();
		MeteredStarterState state = new MeteredStarterState();
		state.open(params);
		try {
			assertThat(state.limiter.limit()).isEqualTo(Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofSeconds(2)));
			for (int i = 0; i < 3; i++) {
				state.limiter.tryAcquire("user");
			}
			assertThat(decisions(state, "allowed")).isEqualTo(2);
			assertThat(decisions(state, "denied")).isEqualTo(1);
		}
		finally {
			state.close();
		}
	}

	private static double decisions(MeteredStarterState state, String outcome) {
		return state.meters.get("limiter.decisions")
			.tag("limit", MeteredStarterState.LIMIT_NAME)
			.tag("outcome", outcome)
			.counter()
			.count();
	}

}
