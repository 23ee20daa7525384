package io.limiter.internal.local;

/**
 * The reply of a borrow script, in ticks of the limit (a permit is {@code period_ms} ticks).
 * @param ticks the ticks taken from Redis; negative when ticks were given back
 * @param retryMillis when nothing was taken, how long until the needed ticks are there
 * @param ticksLeft the ticks left in Redis after the call
 */
record Borrow(long ticks, long retryMillis, long ticksLeft) {
}
