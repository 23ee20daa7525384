package io.limiter.jmh;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class KeySequenceTests {

	@Test
	void cyclesThroughItsKeys() {
		KeySequence keys = new KeySequence(new String[] { "a", "b", "c", "d" });
		assertThat(keys.nextKey()).isEqualTo("a");
		assertThat(keys.next()).isEqualTo(1);
		assertThat(keys.key(2)).isEqualTo("c");
		assertThat(keys.nextKey()).isEqualTo("c");
		assertThat(keys.nextKey()).isEqualTo("d");
		assertThat(keys.nextKey()).isEqualTo("a");
		KeySequence one = new KeySequence(new String[] { "hot" });
		assertThat(one.nextKey()).isEqualTo(one.nextKey()).isEqualTo("hot");
	}

	@Test
	void needsAPowerOfTwoOfKeys() {
		assertThatIllegalArgumentException().isThrownBy(() -> new KeySequence(new String[3]))
			.withMessage("the number of keys must be a power of two but was 3");
	}

}
