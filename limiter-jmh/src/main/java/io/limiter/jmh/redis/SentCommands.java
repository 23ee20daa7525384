package io.limiter.jmh.redis;

import java.net.SocketAddress;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.protocol.ProtocolKeyword;

/**
 * Counts the commands that the clients of a {@link RedisTarget} sent and had answered, housekeeping excluded, as
 * Lettuce's command latency recorder of their resources. Counted on the client because a server counts the commands
 * a script runs as well: an {@code EVALSHA} whose script reads and writes a key is three commands in
 * {@code INFO commandstats}, and one round trip.
 */
final class SentCommands implements CommandLatencyRecorder {

	private final LongAdder work = new LongAdder();

	@Override
	public void recordCommandLatency(SocketAddress local, SocketAddress remote, ProtocolKeyword commandType,
			long firstResponseLatency, long completionLatency) {
		if (!CommandStats.isHousekeeping(commandType.toString().toLowerCase(Locale.ROOT))) {
			this.work.increment();
		}
	}

	@Override
	public boolean isEnabled() {
		return true;
	}

	/** {@return the commands counted so far} */
	long count() {
		return this.work.sum();
	}

}
