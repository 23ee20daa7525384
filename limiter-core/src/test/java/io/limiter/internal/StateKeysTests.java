package io.limiter.internal;

import org.junit.jupiter.api.Test;

import io.lettuce.core.cluster.SlotHash;
import io.limiter.integration.LimitNames;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StateKeysTests {

	@Test
	void keepsPlainKeysReadable() {
		assertThat(StateKeys.redisKey("hello", "10.0.0.1")).isEqualTo("limiter:{hello:10.0.0.1}");
		assertThat(StateKeys.redisKey("hello", "")).isEqualTo("limiter:{hello:}");
		assertThat(StateKeys.redisKey("hello", "żółw")).isEqualTo("limiter:{hello:żółw}");
	}

	@Test
	void twoLimitsNeverShareAKey() {
		assertThat(StateKeys.redisKey("api", "x:y")).isEqualTo("limiter:{api:x:y}")
			.isNotEqualTo(StateKeys.redisKey("api:x", "y"));
		assertThat(StateKeys.redisKey("api:x", "y")).isEqualTo("limiter:{api%3Ax:y}");
		assertThat(StateKeys.redisKey("api%3Ax", "y")).isEqualTo("limiter:{api%253Ax:y}")
			.isNotEqualTo(StateKeys.redisKey("api:x", "y"));
		assertThat(StateKeys.redisKey("a:", ":b")).isNotEqualTo(StateKeys.redisKey("a", "::b"))
			.isNotEqualTo(StateKeys.redisKey("a::", "b"));
	}

	@Test
	void hashesKeysThatCouldBreakTheHashTag() {
		for (String key : new String[] { "a}b", "{x}", "line\r\nbreak", "nul\u0000", "#looks-hashed", "x".repeat(129) }) {
			String redisKey = StateKeys.redisKey("hello", key);
			assertThat(redisKey).matches("limiter:\\{hello:#[A-Za-z0-9_-]{43}\\}");
		}
	}

	@Test
	void aUsersBracesNeverChangeTheSlotOfTheLimitsOtherKeys() {
		String redisKey = StateKeys.redisKey("hello", "}evil{");
		assertThat(SlotHash.getSlot(redisKey + ":tb")).isEqualTo(SlotHash.getSlot(redisKey + ":other"));
		assertThat(redisKey).doesNotContain("evil");
	}

	@Test
	void longKeysAreBoundedInLength() {
		assertThat(StateKeys.redisKey("hello", "k".repeat(64 * 1024))).hasSizeLessThan(64);
	}

	@Test
	void aNamespaceStandsBeforeTheHashTagSoEveryKeyKeepsItsSlot() {
		StateKeys orders = StateKeys.of("orders-service.v2");
		assertThat(orders.stateKey("hello", "10.0.0.1")).isEqualTo("limiter:orders-service.v2:{hello:10.0.0.1}");
		assertThat(orders.instancesKey()).isEqualTo("limiter:orders-service.v2:{#instances}");
		assertThat(StateKeys.of(null)).isSameAs(StateKeys.NO_NAMESPACE);
		assertThat(StateKeys.NO_NAMESPACE.instancesKey()).isEqualTo("limiter:{#instances}");
		for (String key : new String[] { "10.0.0.1", "}evil{", "k".repeat(500) }) {
			assertThat(SlotHash.getSlot(orders.stateKey("hello", key) + ":tb"))
				.isEqualTo(SlotHash.getSlot(StateKeys.redisKey("hello", key) + ":tb"));
		}
	}

	@Test
	void namespacesNeverShareAKeyWithEachOtherOrWithNone() {
		assertThat(StateKeys.of("a").stateKey("hello", "k")).isNotEqualTo(StateKeys.of("b").stateKey("hello", "k"))
			.isNotEqualTo(StateKeys.redisKey("hello", "k"));
		assertThat(StateKeys.of("a").instancesKey()).isNotEqualTo(StateKeys.of("b").instancesKey())
			.isNotEqualTo(StateKeys.NO_NAMESPACE.instancesKey());
		assertThat(StateKeys.of("a").stateKey("hello", "k")).isEqualTo("limiter:a:{hello:k}");
	}

	@Test
	void namespacedKeysStayBounded() {
		String longest = "n".repeat(StateKeys.MAX_NAMESPACE_LENGTH);
		assertThat(StateKeys.of(longest).stateKey("hello", "k".repeat(64 * 1024)))
			.hasSizeLessThan(StateKeys.MAX_NAMESPACE_LENGTH + 64);
	}

	@Test
	void namespacesAreChecked() {
		for (String bad : new String[] { "", "with space", "a:b", "a{b}", "ünicode", "n".repeat(65) }) {
			assertThatIllegalArgumentException().isThrownBy(() -> StateKeys.of(bad))
				.withMessageContaining("namespace")
				.withMessageContaining("'" + bad + "'");
		}
	}

	@Test
	void distinctKeysStayDistinct() {
		assertThat(StateKeys.encode("a{")).isNotEqualTo(StateKeys.encode("a}"));
		assertThat(StateKeys.encode("k".repeat(200))).isNotEqualTo(StateKeys.encode("k".repeat(201)));
	}

	@Test
	void memoryKeysAreShortAndDistinct() {
		assertThat(StateKeys.memoryKey("a{b}\n")).isEqualTo("a{b}\n");
		assertThat(StateKeys.memoryKey("k".repeat(StateKeys.MAX_PLAIN_LENGTH))).hasSize(StateKeys.MAX_PLAIN_LENGTH);
		assertThat(StateKeys.memoryKey("k".repeat(64 * 1024))).hasSizeLessThan(64)
			.isNotEqualTo(StateKeys.memoryKey("k".repeat(64 * 1024 + 1)));
		String hashed = StateKeys.memoryKey("k".repeat(200));
		assertThat(StateKeys.memoryKey(hashed)).as("a key that looks like a hash is hashed too").isNotEqualTo(hashed);
	}

	@Test
	void limitNamesAreChecked() {
		assertThat(LimitNames.check("hello-world_1.v2")).isEqualTo("hello-world_1.v2");
		assertThatIllegalArgumentException().isThrownBy(() -> LimitNames.check(""))
			.withMessageContaining("''");
		assertThatIllegalArgumentException().isThrownBy(() -> LimitNames.check("a{b}"))
			.withMessageContaining("'a{b}'");
		assertThatIllegalArgumentException().isThrownBy(() -> LimitNames.check("with space"))
			.withMessageContaining("'with space'");
		assertThatIllegalArgumentException().isThrownBy(() -> LimitNames.check("n".repeat(65)))
			.withMessageContaining("1 to 64");
	}

}
