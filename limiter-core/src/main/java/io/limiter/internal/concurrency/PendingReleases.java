package io.limiter.internal.concurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;

import io.lettuce.core.cluster.SlotHash;
import io.limiter.integration.ThrottledLog;
import io.limiter.internal.redis.ScriptExecutor;

/**
 * The releases of Redis-granted permits that wait to be sent, per hash slot. A release needs no answer before its
 * caller goes on, so the releases of one slot travel together: with the next take or look of a key of that slot on
 * this instance ({@link #carriedBy}), or at the latest {@value #FLUSH_DELAY_MILLIS} ms after they were queued, in one
 * call of {@code concurrency-release.lua}. Slots, not nodes: every key of one script must hash to one slot on a
 * cluster. A call carries at most {@value #MAX_BATCH} releases, so that no script holds the server long.
 */
final class PendingReleases {

	/** The longest a queued release waits for a take of its slot before it is sent alone. */
	static final long FLUSH_DELAY_MILLIS = 5;

	/** The most releases one script call carries. */
	static final int MAX_BATCH = 64;

	/** The six arguments of {@code concurrency-release.lua} before the holders: the time 0, so no {@code TIME}. */
	private static final String[] RELEASE_ARGUMENTS = { "", "", "", "0", "", "" };

	/** At most one per hash slot, 16,384. */
	private final Map<Integer, Slot> bySlot = new ConcurrentHashMap<>();

	private final AtomicBoolean flushScheduled = new AtomicBoolean();

	private final ScriptExecutor scripts;

	private final ScheduledExecutorService background;

	private final Predicate<Release> sendable;

	private final ThrottledLog log;

	/**
	 * Creates the queue.
	 * @param scripts sends the releases
	 * @param background sends the releases that no take carried
	 * @param sendable whether a release may be sent now: not while the breaker of its node is open
	 * @param log where a failed release is said
	 */
	PendingReleases(ScriptExecutor scripts, ScheduledExecutorService background, Predicate<Release> sendable,
			ThrottledLog log) {
		this.scripts = scripts;
		this.background = background;
		this.sendable = sendable;
		this.log = log;
	}

	/**
	 * Returns the hash slot of a Redis key, which its releases travel with.
	 * @param redisKey the key
	 * @return the slot
	 */
	static int slotOf(String redisKey) {
		return SlotHash.getSlot(redisKey);
	}

	/**
	 * Queues a release, to be sent with the next take of its slot or within {@value #FLUSH_DELAY_MILLIS} ms.
	 * @param release the release
	 */
	void queue(Release release) {
		Slot slot = this.bySlot.computeIfAbsent(slotOf(release.redisKey), (ignored) -> new Slot());
		synchronized (slot) {
			slot.queued.add(release);
		}
		if (this.flushScheduled.compareAndSet(false, true)) {
			try {
				this.background.schedule(this::flushAll, FLUSH_DELAY_MILLIS, TimeUnit.MILLISECONDS);
			}
			catch (RejectedExecutionException ex) {
				flushAll();
			}
		}
	}

	/**
	 * Sends a call of a slot that carries at most {@value #MAX_BATCH} of the releases queued for it. The call is
	 * written under the slot's lock, as a flush's is, so that it reaches the node after every release of its slot that
	 * an earlier call or flush took: a take that follows a close on this instance counts without that permit.
	 * @param slot the slot of the call's key
	 * @param call sends the call with the releases it carries (empty when none waits); it must only start an
	 * asynchronous call
	 * @return the call's stage, completed after the releases it carried
	 */
	CompletionStage<List<Object>> carriedBy(int slot, Function<List<Release>, CompletionStage<List<Object>>> call) {
		Slot queued = this.bySlot.get(slot);
		if (queued == null) {
			return call.apply(List.of());
		}
		List<Release> carried;
		CompletionStage<List<Object>> sent;
		synchronized (queued) {
			carried = queued.take();
			sent = call.apply(carried);
		}
		return carried.isEmpty() ? sent : sent.whenComplete((reply, failure) -> complete(carried, failure));
	}

	/** Completes the releases a call carried: returned when the call succeeded, else left to their leases. */
	private void complete(List<Release> releases, Throwable failure) {
		if (releases.isEmpty()) {
			return;
		}
		if (failure != null) {
			this.log.warn("Redis failed to release " + releases.size() + " permit(s) of concurrency limit '"
					+ releases.get(0).name + "', left to their leases", failure);
		}
		for (Release release : releases) {
			release.returned.complete(failure == null);
		}
	}

	/**
	 * Sends every queued release now; what is queued while it runs waits for a take or the next flush, so that a
	 * flush never chases the releases of a busy slot one by one.
	 * @return a stage that completes once Redis answered every call sent, or they failed
	 */
	CompletableFuture<Void> flushAll() {
		this.flushScheduled.set(false);
		List<CompletableFuture<?>> sent = new ArrayList<>();
		this.bySlot.forEach((slot, queued) -> {
			while (true) {
				List<Release> batch;
				synchronized (queued) {
					batch = queued.take();
					if (batch.isEmpty()) {
						return;
					}
					sent.add(send(batch).toCompletableFuture());
				}
				if (batch.size() < MAX_BATCH) {
					return;
				}
			}
		});
		return CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new));
	}

	/** Sends a batch of one slot; the caller holds the slot's lock. */
	private CompletionStage<?> send(List<Release> batch) {
		if (!this.sendable.test(batch.get(0))) {
			for (Release release : batch) {
				release.returned.complete(false);
			}
			return CompletableFuture.completedFuture(null);
		}
		String[] keys = new String[batch.size()];
		for (int i = 0; i < keys.length; i++) {
			keys[i] = batch.get(i).redisKey;
		}
		return this.scripts.execute(RedisConcurrency.RELEASE, keys, withHolders(RELEASE_ARGUMENTS, batch))
			.whenComplete((reply, failure) -> complete(batch, failure));
	}

	/**
	 * Appends the holders of releases to a script's six leading arguments, as both concurrency scripts take them.
	 * @param leading the script's own arguments, {@code ARGV[1]} to {@code ARGV[6]}
	 * @param releases the releases, whose keys follow the script's own
	 * @return the arguments
	 */
	static String[] withHolders(String[] leading, List<Release> releases) {
		String[] args = new String[leading.length + releases.size()];
		System.arraycopy(leading, 0, args, 0, leading.length);
		for (int i = 0; i < releases.size(); i++) {
			args[leading.length + i] = releases.get(i).holder;
		}
		return args;
	}

	/**
	 * Appends the keys of releases to a script's own key.
	 * @param own the key the script decides
	 * @param releases the releases
	 * @return the keys
	 */
	static String[] withKeys(String own, List<Release> releases) {
		String[] keys = new String[1 + releases.size()];
		keys[0] = own;
		for (int i = 0; i < releases.size(); i++) {
			keys[1 + i] = releases.get(i).redisKey;
		}
		return keys;
	}

	/**
	 * One permit to release.
	 * @param name the limit's name
	 * @param key the user's key
	 * @param redisKey the key's set in Redis
	 * @param holder the permit's holder id
	 * @param returned completed with {@code true} once Redis took it back, {@code false} when it is left to its lease
	 */
	record Release(String name, String key, String redisKey, String holder, CompletableFuture<Boolean> returned) {
	}

	/** The releases queued for one slot. */
	private static final class Slot {

		private List<Release> queued = new ArrayList<>();

		/** Takes at most {@value PendingReleases#MAX_BATCH} releases, the oldest first; the caller holds the lock. */
		List<Release> take() {
			if (this.queued.isEmpty()) {
				return List.of();
			}
			List<Release> taken;
			if (this.queued.size() <= MAX_BATCH) {
				taken = this.queued;
				this.queued = new ArrayList<>();
			}
			else {
				List<Release> first = this.queued.subList(0, MAX_BATCH);
				taken = new ArrayList<>(first);
				first.clear();
			}
			return taken;
		}

	}

}
