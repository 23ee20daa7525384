package io.limiter.internal.local;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.Decisions;
import io.limiter.internal.StateKeys;
import io.limiter.internal.memory.BoundedStateMap;

/**
 * In-memory block in front of any algorithm: once Redis refuses a key with a retry-after, requests for the same
 * permits are refused in memory until then, without a network call. Redis still makes every grant, so the limit
 * holds exactly; a block can only end a little late (by the time between sending the request that was refused
 * and Redis deciding it, which is measured from the send) or outlast permits that another instance gave back
 * early.
 * <p>
 * A block is kept only when Redis' refusal stays true to the letter until its retry-after: the refused request
 * fell short by exactly one permit ({@code remaining = permits - 1}, always so for single permits). Permits only
 * return with time, so until the retry-after {@code remaining} stays where Redis left it, and a local refusal
 * repeats it and counts {@code retry-after} and {@code reset-after} down from Redis' answer: the same decision
 * Redis would make. Requests for other permits, and reservations that fit in their wait, ask Redis; a grant
 * (a reservation) ends the key's block, as it moves the key's retry-after.
 * <p>
 * Blocks live in a bounded map and are dropped lazily, with no timer: when a lookup finds one expired, and
 * when the map is full. Only expired blocks are dropped; a refusal that finds the map full of blocks that still run
 * is not remembered, and its key keeps asking Redis, which decides exactly.
 * <p>
 * An admin operation lifts this instance's block of the key once Redis has it, whatever it did: a reset or refund
 * ends the refusal Redis made, and a penalty changes what remains. Other instances keep their blocks until Redis'
 * retry-after, so after a reset or refund they may refuse the key that long.
 * <p>
 * Of a limit of several rates, Redis reports the refusing rate with the fewest permits left, the one refused longest of
 * equals, and the latest retry-after: when it fell one permit short, every refusing rate did (a rate refuses with
 * fewer permits left than asked), so the reported rate is the one refused longest and the block is exact.
 */
public final class BlockingDecisionSource implements DecisionSource {

	private final DecisionSource delegate;

	private final LimiterClock clock;

	private final BoundedStateMap<Block> blocks;

	BlockingDecisionSource(DecisionSource delegate, LimiterClock clock, int maximumKeys) {
		this.delegate = delegate;
		this.clock = clock;
		this.blocks = new BoundedStateMap<>(maximumKeys);
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		long now = this.clock.millis();
		String memoryKey = StateKeys.memoryKey(key);
		Block block = this.blocks.getIfPresent(memoryKey);
		Decision blocked = refusal(memoryKey, block, now, permits, maxWaitMillis);
		return (blocked != null) ? blocked
				: remember(memoryKey, block, now, permits, this.delegate.decide(key, permits, maxWaitMillis));
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		long now = this.clock.millis();
		String memoryKey = StateKeys.memoryKey(key);
		Block block = this.blocks.getIfPresent(memoryKey);
		Decision blocked = refusal(memoryKey, block, now, permits, maxWaitMillis);
		return (blocked != null) ? CompletableFuture.completedFuture(blocked)
				: this.delegate.decideAsync(key, permits, maxWaitMillis)
					.thenApply((decision) -> remember(memoryKey, block, now, permits, decision));
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Looks in Redis, which keeps the key's state; a block only repeats a denial Redis made.
	 */
	@Override
	public Decision peek(String key) {
		return this.delegate.peek(key);
	}

	@Override
	public AdminOperation.Outcome adjust(String key, AdminOperation operation, long permits) {
		try {
			return this.delegate.adjust(key, operation, permits);
		}
		finally {
			lift(key);
		}
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> adjustAsync(String key, AdminOperation operation, long permits) {
		return this.delegate.adjustAsync(key, operation, permits).whenComplete((outcome, failure) -> lift(key));
	}

	private void lift(String key) {
		String memoryKey = StateKeys.memoryKey(key);
		Block block = this.blocks.getIfPresent(memoryKey);
		if (block != null) {
			this.blocks.remove(memoryKey, block);
		}
	}

	/** {@return the number of blocks kept, expired ones included until they are collected} */
	int size() {
		return this.blocks.size();
	}

	private Decision refusal(String memoryKey, Block block, long now, long permits, long maxWaitMillis) {
		if (block == null) {
			return null;
		}
		if (now >= block.untilMillis()) {
			this.blocks.remove(memoryKey, block);
			return null;
		}
		long wait = block.untilMillis() - now;
		if (permits != block.permits() || wait <= maxWaitMillis) {
			return null;
		}
		return Decisions.denied(block.limit(), block.permits() - 1, wait, Math.max(0, block.resetAtMillis() - now))
			.forRate(block.rate())
			.local();
	}

	private Decision remember(String memoryKey, Block seen, long sentAt, long permits, Decision decision) {
		if (decision.isAllowed()) {
			if (seen != null) {
				this.blocks.remove(memoryKey, seen);
			}
		}
		else if (decision.retryAfterMillis() > 0 && decision.remaining() == permits - 1) {
			this.blocks.put(memoryKey, new Block(sentAt + decision.retryAfterMillis(), permits,
					sentAt + decision.resetAfterMillis(), decision.limit(), decision.rate()), sentAt);
		}
		return decision;
	}

}
