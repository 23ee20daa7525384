package io.limiter.internal;

import org.junit.jupiter.api.Test;

import io.limiter.Decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class MarkedReceiptTests {

	@Test
	void aReceiptIsCheckedAndKeepsItsOwnMarks() {
		long[] marks = { 1_700_000_000_000L, 0 };
		MarkedReceipt receipt = MarkedReceipt.of(3, marks);
		marks[0] = 0;
		assertThat(receipt.mark(0)).isEqualTo(1_700_000_000_000L);
		assertThat(receipt.marks(1, 2)).isEqualTo(MarkedReceipt.of(3, 0));
		assertThatIllegalArgumentException().isThrownBy(() -> MarkedReceipt.of(0, 1))
			.withMessage("permits of a receipt must be at least 1 but was 0");
		assertThatIllegalArgumentException().isThrownBy(() -> MarkedReceipt.of(1))
			.withMessageContaining("marks of a receipt");
	}

	@Test
	void onlyALimitersReceiptIsReadFromADecision() {
		MarkedReceipt receipt = MarkedReceipt.of(2, 1_700_000_000_000L, 200_000).issuedBy("limit 'api'", "k");
		assertThat(MarkedReceipt.in(Decisions.withReceipt(Decision.allowed(10, 8, 20_000), receipt))).isSameAs(receipt);
		assertThat(MarkedReceipt.in(Decision.of(true, 10, 8, 0, 20_000, 0, false, false, 0, () -> 2))).isNull();
		assertThat(MarkedReceipt.in(Decision.allowed(10, 8, 20_000))).isNull();
		assertThat(receipt.issuer()).isEqualTo("limit 'api'");
		assertThat(receipt.key()).isEqualTo("k");
	}

}
