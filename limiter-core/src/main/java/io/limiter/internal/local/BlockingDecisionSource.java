package io.limiter.internal.local;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.limiter.AdminOperation;
import io.limiter.Decision;
import io.limiter.LimiterClock;
import io.limiter.internal.DecisionSource;
import io.limiter.internal.MarkedReceipt;
import io.limiter.internal.StateKeys;
import io.limiter.internal.failure.SlowAnswerException;
import io.limiter.internal.memory.BoundedStateMap;
import io.limiter.internal.redis.RedisCalls;

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
 * A key at its limit asks Redis one request at a time. Once a block's retry-after has passed, one request of its
 * permits (without a reservation) asks Redis, the probe, and requests that come meanwhile wait for its answer and look
 * again, instead of all asking at once when the refill arrives: a refusal is a new block for them, and a grant that
 * leaves no room for the same request keeps the key at its limit, so the next probe follows. A probe that fails fails
 * the requests that waited for it, as their own call would have, and their failure policy decides. A request at its
 * key's limit is decided within the backend's timeout, as any call to Redis is, however many probes it waits for and
 * whether or not it makes one: past that deadline it fails as a {@link SlowAnswerException}, for its policy to
 * decide, and opens no circuit breaker (a probe that hears nothing counts for the breaker itself). A grant that leaves room, or one of other permits, ends the block. Every grant is still Redis'.
 * <p>
 * Blocks live in a bounded map and are dropped with no timer: when a grant leaves room, and, once expired, when the
 * map is full. Only expired blocks are dropped then; a refusal that finds the map full of blocks that still run
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

	private final String name;

	private final DecisionSource delegate;

	private final LimiterClock clock;

	private final long timeoutMillis;

	private final long deadlineMillis;

	private final ScheduledExecutorService timer;

	private final BoundedStateMap<Block> blocks;

	/**
	 * Creates a block tier.
	 * @param timeout the longest a synchronous decision waits
	 * @param deadline the longest a decision of a key at its limit takes, waiting for probes included: the
	 * backend's timeout
	 * @param timer the backend's scheduler, on which such decisions pass their deadline
	 */
	BlockingDecisionSource(String name, DecisionSource delegate, LimiterClock clock, Duration timeout,
			Duration deadline, ScheduledExecutorService timer, int maximumKeys) {
		this.name = name;
		this.delegate = delegate;
		this.clock = clock;
		this.timeoutMillis = timeout.toMillis();
		this.deadlineMillis = deadline.toMillis();
		this.timer = timer;
		this.blocks = new BoundedStateMap<>(maximumKeys);
	}

	@Override
	public Decision decide(String key, long permits, long maxWaitMillis) {
		String memoryKey = StateKeys.memoryKey(key);
		long now = this.clock.millis();
		Block block = this.blocks.getIfPresent(memoryKey);
		Decision blocked = refusal(block, now, permits, maxWaitMillis);
		if (blocked != null) {
			return blocked;
		}
		if (atItsLimit(block, now, permits, maxWaitMillis)) {
			return RedisCalls.await(atItsLimit(key, memoryKey, permits), this.timeoutMillis, this.name);
		}
		return remember(memoryKey, block, now, permits, this.delegate.decide(key, permits, maxWaitMillis));
	}

	@Override
	public CompletionStage<Decision> decideAsync(String key, long permits, long maxWaitMillis) {
		String memoryKey = StateKeys.memoryKey(key);
		long now = this.clock.millis();
		Block block = this.blocks.getIfPresent(memoryKey);
		Decision blocked = refusal(block, now, permits, maxWaitMillis);
		if (blocked != null) {
			return CompletableFuture.completedFuture(blocked);
		}
		if (atItsLimit(block, now, permits, maxWaitMillis)) {
			return atItsLimit(key, memoryKey, permits);
		}
		return this.delegate.decideAsync(key, permits, maxWaitMillis)
			.thenApply((decision) -> remember(memoryKey, block, now, permits, decision));
	}

	/**
	 * Decides a request at its key's limit within the deadline: past it, the decision fails as a late answer, for
	 * the failure policy to decide.
	 */
	private CompletionStage<Decision> atItsLimit(String key, String memoryKey, long permits) {
		long waitEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(this.deadlineMillis);
		CompletableFuture<Decision> decision = decideAtItsLimit(key, memoryKey, permits, waitEnd).toCompletableFuture();
		if (decision.isDone()) {
			return decision;
		}
		CompletableFuture<Decision> bounded = new CompletableFuture<>();
		ScheduledFuture<?> late;
		try {
			late = this.timer.schedule(() -> bounded.completeExceptionally(late()), this.deadlineMillis,
					TimeUnit.MILLISECONDS);
		}
		catch (RejectedExecutionException closed) {
			return decision;
		}
		decision.whenComplete((answer, failure) -> {
			late.cancel(false);
			if (failure != null) {
				bounded.completeExceptionally(failure);
			}
			else {
				bounded.complete(answer);
			}
		});
		return bounded;
	}

	private SlowAnswerException late() {
		return new SlowAnswerException("limit '" + this.name + "': a request at its key's limit was not decided within "
				+ this.deadlineMillis + " ms, waiting for the answer to the key's probe included", null);
	}

	/**
	 * Decides a request at its key's limit: refused by a block that a probe set meanwhile, made the probe, or waiting
	 * for the probe in flight and then looking again; it fails as a late answer once it finds {@code waitEnd}
	 * passed.
	 */
	private CompletionStage<Decision> decideAtItsLimit(String key, String memoryKey, long permits, long waitEnd) {
		while (true) {
			long now = this.clock.millis();
			Block block = this.blocks.getIfPresent(memoryKey);
			Decision blocked = refusal(block, now, permits, 0);
			if (blocked != null) {
				return CompletableFuture.completedFuture(blocked);
			}
			if (!atItsLimit(block, now, permits, 0)) {
				return this.delegate.decideAsync(key, permits, 0)
					.thenApply((decision) -> remember(memoryKey, block, now, permits, decision));
			}
			if (waitEnd - System.nanoTime() <= 0) {
				return CompletableFuture.failedFuture(late());
			}
			CompletableFuture<Decision> inFlight = block.probeInFlight();
			if (inFlight != null) {
				return inFlight.thenCompose((answered) -> decideAtItsLimit(key, memoryKey, permits, waitEnd));
			}
			CompletableFuture<Decision> answer = new CompletableFuture<>();
			if (block.startProbe(answer)) {
				return this.delegate.decideAsync(key, permits, 0).handle((decision, failure) -> {
					if (failure != null) {
						throw failed(block, answer, failure);
					}
					return answered(block, answer, remember(memoryKey, block, now, permits, decision));
				});
			}
		}
	}

	/**
	 * Returns whether a request finds its key at the limit this instance last heard of: Redis refused these permits
	 * one short, the retry-after has passed, and no grant since left room. One such request at a time asks Redis;
	 * the others wait for its answer and then look again.
	 */
	private static boolean atItsLimit(Block block, long now, long permits, long maxWaitMillis) {
		return block != null && now >= block.untilMillis() && permits == block.permits() && maxWaitMillis == 0;
	}

	/** Ends a probe and hands its decision to the requests that waited for it; returns the decision. */
	private static Decision answered(Block block, CompletableFuture<Decision> answer, Decision decision) {
		block.endProbe(answer);
		answer.complete(decision);
		return decision;
	}

	/** Ends a probe and hands its failure to the requests that waited for it; returns it to throw from a stage. */
	private static CompletionException failed(Block block, CompletableFuture<Decision> answer, Throwable failure) {
		block.endProbe(answer);
		answer.completeExceptionally(failure);
		return (failure instanceof CompletionException completion) ? completion : new CompletionException(failure);
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

	@Override
	public AdminOperation.Outcome refund(String key, MarkedReceipt receipt) {
		try {
			return this.delegate.refund(key, receipt);
		}
		finally {
			lift(key);
		}
	}

	@Override
	public CompletionStage<AdminOperation.Outcome> refundAsync(String key, MarkedReceipt receipt) {
		return this.delegate.refundAsync(key, receipt).whenComplete((outcome, failure) -> lift(key));
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

	/** {@return the local refusal of a request that a block still covers, or {@code null} when Redis must decide} */
	private static Decision refusal(Block block, long now, long permits, long maxWaitMillis) {
		if (block == null || now >= block.untilMillis()) {
			return null;
		}
		long wait = block.untilMillis() - now;
		if (permits != block.permits() || wait <= maxWaitMillis) {
			return null;
		}
		return Decision.of(false, block.limit(), block.permits() - 1, wait, Math.max(0, block.resetAtMillis() - now), 0,
				false, true, block.rate(), null);
	}

	/**
	 * Keeps what Redis answered: a refusal one permit short becomes a block; a grant ends the block it was sent under,
	 * unless it was a probe that left no room for the same request, which keeps the key at its limit.
	 */
	private Decision remember(String memoryKey, Block seen, long sentAt, long permits, Decision decision) {
		if (decision.isAllowed()) {
			boolean stillAtLimit = decision.delayMillis() == 0 && decision.remaining() < permits
					&& atItsLimit(seen, sentAt, permits, 0);
			if (seen != null && !stillAtLimit) {
				this.blocks.remove(memoryKey, seen);
			}
		}
		else if (decision.retryAfterMillis() > 0 && decision.remaining() == permits - 1) {
			this.blocks.put(memoryKey, new Block(sentAt + decision.retryAfterMillis(), permits,
					sentAt + decision.resetAfterMillis(), decision.limit(), decision.rate()), sentAt);
		}
		if (seen != null && this.blocks.getIfPresent(memoryKey) != seen) {
			seen.retire();
		}
		return decision;
	}

}
