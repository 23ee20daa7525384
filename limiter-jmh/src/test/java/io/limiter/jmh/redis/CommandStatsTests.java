package io.limiter.jmh.redis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class CommandStatsTests {

	@Test
	void sumsTheCallsOfWorkCommandsAndLeavesHousekeepingOut() {
		String info = """
				# Commandstats\r
				cmdstat_evalsha:calls=120,usec=900,usec_per_call=7.50,rejected_calls=0,failed_calls=0\r
				cmdstat_get:calls=30,usec=20,usec_per_call=0.67,rejected_calls=0,failed_calls=0\r
				cmdstat_eval:calls=5,usec=60,usec_per_call=12.00,rejected_calls=0,failed_calls=1\r
				cmdstat_info:calls=8,usec=300,usec_per_call=37.50,rejected_calls=0,failed_calls=0\r
				cmdstat_replconf:calls=400,usec=100,usec_per_call=0.25,rejected_calls=0,failed_calls=0\r
				cmdstat_cluster|nodes:calls=3,usec=100,usec_per_call=33.33,rejected_calls=0,failed_calls=0\r
				cmdstat_script|load:calls=5,usec=100,usec_per_call=20.00,rejected_calls=0,failed_calls=0\r
				""";
		assertThat(CommandStats.workCalls(info)).isEqualTo(155);
		assertThat(CommandStats.workCalls("# Commandstats\r\n")).isZero();
	}

	@Test
	void rejectsACommandLineWithoutCalls() {
		assertThatIllegalArgumentException().isThrownBy(() -> CommandStats.workCalls("cmdstat_get:usec=3"))
			.withMessage("commandstats line has no calls count: 'cmdstat_get:usec=3'");
	}

}
