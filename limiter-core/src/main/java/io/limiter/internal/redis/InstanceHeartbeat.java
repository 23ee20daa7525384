package io.limiter.internal.redis;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.limiter.internal.StateKeys;

/**
 * Tells how many instances of the service share this Redis, so that each can take its share of a limit when it
 * has to decide without Redis. Every few seconds, while Redis answers, each instance puts its id with the
 * server's time in one small sorted set of its namespace ({@link StateKeys#instancesKey()}), drops the ids whose
 * last heartbeat is older than {@link #EXPIRY}, and reads how many remain. While Redis does not answer, the last
 * count stands; a lower count stands only once the higher one is older than {@link #EXPIRY}, so that a Redis
 * restarted without its data, which counts the instances again from none, does not make each one's share larger.
 * <p>
 * Every instance of the namespace counts, whatever its limits; a count too high only makes the shares of an
 * outage smaller. Services of other namespaces on the same Redis count apart. An instance that has never reached
 * Redis counts itself alone.
 */
public final class InstanceHeartbeat {

	/** How often an instance renews its heartbeat. */
	public static final Duration INTERVAL = Duration.ofSeconds(2);

	/** How long a heartbeat counts: an instance that stopped is no longer counted after this. */
	public static final Duration EXPIRY = Duration.ofSeconds(10);

	private static final RedisScript SCRIPT = RedisScript.load(InstanceHeartbeat.class, "instances.lua");

	private final ScriptExecutor executor;

	private final String[] keys;

	private final String id;

	private final ScheduledFuture<?> task;

	private final InstanceCount instances = new InstanceCount(EXPIRY);

	/**
	 * Starts the heartbeat.
	 * @param executor runs the script
	 * @param keys the keys of the backend's namespace
	 * @param background runs the heartbeat
	 */
	public InstanceHeartbeat(ScriptExecutor executor, StateKeys keys, ScheduledExecutorService background) {
		this(executor, keys.instancesKey(), UUID.randomUUID().toString(), background);
	}

	/**
	 * Starts a heartbeat of another kind of member in another set: a region's name in the home's set of regions
	 * ({@link StateKeys#regionsKey()}), which every instance of the region renews.
	 * @param executor runs the script
	 * @param key the sorted set
	 * @param id the member this heartbeat renews
	 * @param background runs the heartbeat
	 */
	public InstanceHeartbeat(ScriptExecutor executor, String key, String id, ScheduledExecutorService background) {
		this.executor = executor;
		this.keys = new String[] { key };
		this.id = id;
		executor.load(SCRIPT);
		this.task = background.scheduleWithFixedDelay(this::beat, 0, INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Returns how many instances of the namespace share this Redis, this one included, as last seen.
	 * @return at least 1
	 */
	public int instances() {
		return this.instances.get();
	}

	private void beat() {
		send("").thenAccept((reply) -> this.instances.report((int) Math.max(1, (Long) reply.get(0)),
				TimeUnit.NANOSECONDS.toMillis(System.nanoTime())));
	}

	private CompletionStage<List<Object>> send(String action) {
		return this.executor.execute(SCRIPT, this.keys, this.id, Long.toString(EXPIRY.toMillis()), action, "-1");
	}

	/**
	 * Stops the heartbeat and leaves the member in the set until its heartbeat expires: for a member that other
	 * instances renew too, such as a region.
	 */
	public void stop() {
		this.task.cancel(false);
	}

	/**
	 * Stops the heartbeat and removes this instance from the set.
	 * @param wait the longest wait for Redis to answer
	 */
	public void leave(Duration wait) {
		this.task.cancel(false);
		try {
			send("leave").toCompletableFuture().get(wait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (ExecutionException | TimeoutException ex) {
			// Redis is away: the heartbeat expires by itself
		}
	}

}
