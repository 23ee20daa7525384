package io.limiter.internal.algorithm;

/**
 * The integer arithmetic shared by the in-memory algorithms, matching the {@code floordiv} and
 * {@code ceildiv} helpers of the Lua scripts.
 */
final class IntegerMath {

	private IntegerMath() {
	}

	static long ceilDiv(long dividend, long divisor) {
		return -Math.floorDiv(-dividend, divisor);
	}

}
