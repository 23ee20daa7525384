package io.limiter.internal.redis;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.limiter.internal.LimiterThreads;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code +switch-master} announcement of the watched master moves the connection once per new address, however
 * many Sentinels announce it; announcements of other masters, or that are malformed, do nothing.
 */
class SentinelAnnouncementsTests {

	private final RedisClient client = RedisClient.create();

	private final ScheduledExecutorService background = LimiterThreads.newScheduler("test");

	private final AtomicInteger switches = new AtomicInteger();

	private final SentinelAnnouncements announcements = announcements("mymaster");

	@AfterEach
	void shutDown() {
		this.announcements.close();
		this.client.shutdown();
		this.background.shutdownNow();
	}

	@Test
	void actsOnceOnEachNewAddressOfTheWatchedMaster() {
		this.announcements.announced("mymaster 10.0.0.1 6379 10.0.0.2 6379");
		this.announcements.announced("mymaster 10.0.0.1 6379 10.0.0.2 6379");
		this.announcements.announced("mymaster 10.0.0.1 6379 10.0.0.2 6379");
		assertThat(this.switches).hasValue(1);
		this.announcements.announced("mymaster 10.0.0.2 6379 10.0.0.1 6379");
		assertThat(this.switches).hasValue(2);
	}

	@Test
	void ignoresOtherMastersAndMalformedAnnouncements() {
		this.announcements.announced("other 10.0.0.1 6379 10.0.0.2 6379");
		this.announcements.announced("mymaster-2 10.0.0.1 6379 10.0.0.2 6379");
		this.announcements.announced("mymaster 10.0.0.2 6379");
		this.announcements.announced("");
		assertThat(this.switches).hasValue(0);
	}

	/** Announcements of a setup without Sentinels to subscribe to: only what {@code announced} is told. */
	private SentinelAnnouncements announcements(String master) {
		RedisURI setup = new RedisURI();
		setup.setSentinelMasterId(master);
		SentinelAnnouncements created = new SentinelAnnouncements(this.client, setup, this.background);
		created.onSwitch(this.switches::incrementAndGet);
		return created;
	}

}
