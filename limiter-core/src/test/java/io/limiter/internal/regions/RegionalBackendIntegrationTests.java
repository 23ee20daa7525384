package io.limiter.internal.regions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.limiter.Algorithm;
import io.limiter.Decision;
import io.limiter.FailurePolicy;
import io.limiter.GlobalBudget;
import io.limiter.Limit;
import io.limiter.LimiterOptions;
import io.limiter.Loans;
import io.limiter.MissPolicy;
import io.limiter.RateLimiter;
import io.limiter.RateLimiterRegistry;
import io.limiter.RedisBackend;
import io.limiter.RegionalBackend;
import io.limiter.testsupport.LinkProxy;
import io.limiter.testsupport.RedisServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A home and two regions, each a Redis server on loopback, and a {@link RegionalBackend} per region: the global
 * budget holds across the regions within its bound, regions borrow ahead of need, a region cut off from the home stops
 * borrowing and its loan expires, and the home reclaims the lapsed loan and lends it again. Every assertion on what
 * Redis decided reads Redis' own keys or counts.
 */
class RegionalBackendIntegrationTests {

	private static final String POOL = "limiter:orders:{api:customer-42}:pool";

	private static RedisServerProcess home;

	private static RedisServerProcess euRedis;

	private static RedisServerProcess usRedis;

	@BeforeAll
	static void startServers() {
		home = RedisServerProcess.start();
		euRedis = RedisServerProcess.start();
		usRedis = RedisServerProcess.start();
	}

	@AfterAll
	static void stopServers() {
		for (RedisServerProcess server : new RedisServerProcess[] { home, euRedis, usRedis }) {
			if (server != null) {
				server.close();
			}
		}
	}

	@BeforeEach
	void flush() {
		home.flushAll();
		euRedis.flushAll();
		usRedis.flushAll();
	}

	private static RegionalBackend region(String name, RedisServerProcess redis, String homeUri, LoanRecorder observer,
			FailurePolicy policy) throws InterruptedException {
		RegionalBackend backend = RegionalBackend.builder()
			.region(name)
			.redis(RedisBackend.builder().standalone(redis.uri()).namespace("orders").observer(observer)
					.failurePolicy(policy))
			.home(RedisBackend.builder().standalone(homeUri))
			.build();
		assertThat(backend.awaitConnection(Duration.ofSeconds(10))).as("%s connected: region %s, home %s", backend,
				backend.isConnected(), backend.isHomeConnected()).isTrue();
		return backend;
	}

	private static LimiterOptions global(GlobalBudget budget) {
		return LimiterOptions.builder().global(budget).build();
	}

	@Test
	void grantsAcrossRegionsNeverExceedTheHomesBudgetPlusTheLoanCeiling() throws Exception {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 200, Duration.ofSeconds(1));
		GlobalBudget budget = GlobalBudget.defaults();
		LoanRecorder euHeard = new LoanRecorder();
		LoanRecorder usHeard = new LoanRecorder();
		try (RegionalBackend eu = region("eu-west", euRedis, home.uri(), euHeard, FailurePolicy.FAIL_CLOSED);
				RegionalBackend us = region("us-east", usRedis, home.uri(), usHeard, FailurePolicy.FAIL_CLOSED)) {
			RateLimiter euApi = eu.limiter("api", limit, global(budget));
			RateLimiter usApi = us.limiter("api", limit, global(budget));
			long start = System.nanoTime();
			long granted = 0;
			long deadline = start + TimeUnit.SECONDS.toNanos(3);
			while (System.nanoTime() < deadline) {
				granted += euApi.tryAcquire("customer-42").isAllowed() ? 1 : 0;
				granted += euApi.tryAcquire("customer-42").isAllowed() ? 1 : 0;
				granted += usApi.tryAcquire("customer-42").isAllowed() ? 1 : 0;
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			long bound = (long) (limit.capacity() + 200 * seconds) + budget.loanCeiling(limit);
			System.out.printf("granted %d in %.2f s across two regions; bound %d; lent eu %d, us %d%n", granted, seconds,
					bound, euHeard.lent.get(), usHeard.lent.get());
			assertThat(granted).isLessThanOrEqualTo(bound);
			assertThat(granted).isPositive();
			assertThat(euHeard.lent.get() + usHeard.lent.get()).as("every grant was lent by the home first")
				.isGreaterThanOrEqualTo(granted);
			assertThat(home.command("EXISTS", "limiter:orders:{api:customer-42}:g:loans")).isEqualTo(1L);
			assertThat(euHeard.backendFailures).isEmpty();
		}
	}

	@Test
	void aSteadyRateBorrowsAheadOfNeedAndPaysNoHomeRoundTrip() throws Exception {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 1000, Duration.ofSeconds(1));
		// a miss is denied at once: a request that would have waited for the home is a denial here
		GlobalBudget budget = GlobalBudget.builder().onMiss(MissPolicy.DENY).build();
		LoanRecorder heard = new LoanRecorder();
		try (LinkProxy link = LinkProxy.to(home.host(), home.port()).delay(Duration.ofMillis(25));
				RegionalBackend eu = region("eu-west", euRedis, link.redisUri(), heard, FailurePolicy.FAIL_CLOSED)) {
			RateLimiter api = eu.limiter("api", limit, global(budget));
			pace(api, 100, Duration.ofSeconds(2));
			long homeCallsBefore = scriptCalls(home);
			long loansBefore = heard.loans.get();
			List<Decision> steady = pace(api, 100, Duration.ofSeconds(3));
			long homeCalls = scriptCalls(home) - homeCallsBefore;
			System.out.printf("steady: %d requests, %d home script calls (%d loans)%n", steady.size(), homeCalls,
					heard.loans.get() - loansBefore);
			System.out.println("denied in the steady run at "
					+ java.util.stream.IntStream.range(0, steady.size()).filter((i) -> !steady.get(i).isAllowed())
						.boxed().toList() + "; " + eu.loans("api", "customer-42"));
			assertThat(steady).allMatch(Decision::isAllowed);
			assertThat(homeCalls).isLessThan(steady.size() / 10);
			assertThat(heard.loans.get() - loansBefore).isPositive();
		}
	}

	/** Asks for one permit at a steady rate, from one thread, and returns the decisions. */
	private static List<Decision> pace(RateLimiter limiter, int perSecond, Duration length) throws InterruptedException {
		List<Decision> decisions = new ArrayList<>();
		long interval = TimeUnit.SECONDS.toNanos(1) / perSecond;
		long start = System.nanoTime();
		for (long next = start; next < start + length.toNanos(); next += interval) {
			long wait = next - System.nanoTime();
			if (wait > 0) {
				TimeUnit.NANOSECONDS.sleep(wait);
			}
			decisions.add(limiter.tryAcquire("customer-42"));
		}
		return decisions;
	}

	/** The script calls a server has answered, from {@code INFO commandstats}. */
	private static long scriptCalls(RedisServerProcess server) {
		long calls = 0;
		for (String line : ((String) server.command("INFO", "commandstats")).split("\r?\n")) {
			if (line.startsWith("cmdstat_evalsha:") || line.startsWith("cmdstat_eval:")) {
				calls += Long.parseLong(line.replaceAll("^cmdstat_\\w+:calls=(\\d+),.*", "$1"));
			}
		}
		return calls;
	}

	@Test
	void aRegionCutOffStopsBorrowingItsLoanExpiresAndTheHomeReclaimsAndRelendsIt() throws Exception {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 100, Duration.ofSeconds(10));
		GlobalBudget budget = GlobalBudget.builder().lease(Duration.ofSeconds(1)).maxLoanShare(0.5).build();
		LoanRecorder euHeard = new LoanRecorder();
		LoanRecorder usHeard = new LoanRecorder();
		try (LinkProxy euLink = LinkProxy.to(home.host(), home.port());
				RegionalBackend eu = region("eu-west", euRedis, euLink.redisUri(), euHeard, FailurePolicy.FAIL_CLOSED);
				RegionalBackend us = region("us-east", usRedis, home.uri(), usHeard, FailurePolicy.FAIL_CLOSED)) {
			RateLimiter euApi = eu.limiter("api", limit, global(budget));
			RateLimiter usApi = us.limiter("api", limit, global(budget));
			assertThat(usApi.tryAcquire("customer-42").isAllowed()).isTrue();
			for (int i = 0; i < 10; i++) {
				Decision decision = euApi.tryAcquire("customer-42");
				assertThat(decision.isAllowed()).as("request %d: %s; eu heard %d loans of %d permits, failures %s", i,
						decision, euHeard.loans.get(), euHeard.lent.get(), euHeard.borrowFailures + " " + euHeard.backendFailures).isTrue();
			}
			await(() -> eu.loans("api", "customer-42").pool().permits() > 0, () -> "eu's pool holds permits");
			Loans before = us.loans("api", "customer-42");
			assertThat(before.loans()).containsKey("eu-west");

			euLink.sever();
			// us goes on borrowing meanwhile, so the home's loans of the key stay while eu's record lapses
			// the pool lives until its lease ends plus the clock skew the scripts allow (1 s): its lease has ended
			// once its time to live is below that, and the next decision then finds its permits unspent
			await(() -> touch(usApi) && (Long) euRedis.command("PTTL", POOL) <= 1000, () -> "eu's lease ends");
			Decision cutOff = euApi.tryAcquire("customer-42");
			assertThat(euHeard.expired.get()).as("eu's unspent permits expired").isPositive();
			assertThat(cutOff.isAllowed()).isFalse();
			assertThat(cutOff.isDegraded()).isTrue();
			assertThat(euHeard.borrowFailures).isNotEmpty();

			// the home's record of eu lapses a margin after eu's pool: the next lend reclaims it
			await(() -> !usHeard.reclaimed.isEmpty() | !touch(usApi), () -> "the home reclaims eu's loan: us heard "
					+ usHeard.loans + " loans, failures " + usHeard.borrowFailures + ", backend failures "
					+ usHeard.backendFailures + "; " + us.loans("api", "customer-42"));
			System.out.println("us heard " + usHeard.loans + " loans, failures " + usHeard.borrowFailures + ", reclaimed "
					+ usHeard.reclaimed + "; " + us.loans("api", "customer-42"));
			// us's own loans lapse too between its requests (a lease of 1 s): those are reclaimed alike
			assertThat(usHeard.reclaimed).anyMatch((reclaimed) -> reclaimed.startsWith("eu-west:"));
			Loans after = us.loans("api", "customer-42");
			assertThat(after.loans()).doesNotContainKey("eu-west").containsKey("us-east");
		}
	}

	@Test
	void aRegionalLimitIsDecidedInTheRegionsRedisExactlyAsByARedisBackend() throws Exception {
		Limit limit = Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMinutes(1));
		LoanRecorder heard = new LoanRecorder();
		try (RegionalBackend eu = region("eu-west", euRedis, home.uri(), heard, FailurePolicy.FAIL_CLOSED);
				RedisBackend plain = RedisBackend.builder().standalone(euRedis.uri()).namespace("orders").build()) {
			RateLimiter regional = eu.limiter("plain", limit);
			RateLimiter same = plain.limiter("plain", limit);
			for (int i = 0; i < 3; i++) {
				assertThat(regional.tryAcquire("customer-42").isAllowed()).isTrue();
			}
			assertThat(same.peek("customer-42").remaining()).isEqualTo(7);
			assertThat(same.tryAcquire("customer-42", 7).isAllowed()).isTrue();
			Decision denied = regional.tryAcquire("customer-42");
			assertThat(denied.isAllowed()).isFalse();
			assertThat(same.tryAcquire("customer-42").isAllowed()).isFalse();
			assertThat(euRedis.command("EXISTS", "limiter:orders:{plain:customer-42}:tb")).isEqualTo(1L);
			assertThat(home.command("DBSIZE")).as("only the regions' heartbeat at the home")
				.isEqualTo(1L);
			assertThat(heard.loans.get()).isZero();
		}
	}

	@Test
	void theRegistryChangesTheNumbersOfRegionalAndGlobalLimits() throws Exception {
		LoanRecorder heard = new LoanRecorder();
		try (RegionalBackend eu = region("eu-west", euRedis, home.uri(), heard, FailurePolicy.FAIL_CLOSED)) {
			RateLimiterRegistry registry = new RateLimiterRegistry(eu,
					Map.of("api", Limit.of(Algorithm.TOKEN_BUCKET, 100, Duration.ofMinutes(1)), "plain",
							Limit.of(Algorithm.TOKEN_BUCKET, 10, Duration.ofMinutes(1))),
					Map.of("api", global(GlobalBudget.defaults())));
			RateLimiter plain = registry.update("plain", Limit.of(Algorithm.TOKEN_BUCKET, 2, Duration.ofMinutes(1)));
			assertThat(plain.tryAcquire("customer-42", 2).isAllowed()).isTrue();
			assertThat(plain.tryAcquire("customer-42").isAllowed()).isFalse();
			RateLimiter api = registry.update("api", Limit.of(Algorithm.TOKEN_BUCKET, 5, Duration.ofMinutes(1)));
			assertThat(registry.limiter("api")).isSameAs(api);
			int granted = 0;
			for (int i = 0; i < 10; i++) {
				granted += api.tryAcquire("customer-42").isAllowed() ? 1 : 0;
			}
			assertThat(granted).as("the home lends against the new capacity of 5, with a loan ceiling of 1").isEqualTo(5);
			assertThat(eu.loans("api", "customer-42").loanCeiling()).isEqualTo(1);
			assertThat(home.command("EXISTS", "limiter:orders:{api:customer-42}:tb")).isEqualTo(1L);
		}
	}

	/** Takes a permit and returns true, so that a wait can ask for decisions while it polls. */
	private static boolean touch(RateLimiter limiter) {
		limiter.tryAcquire("customer-42");
		return true;
	}

	private static void await(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				throw new AssertionError("waited 10 s for: " + what.get());
			}
			TimeUnit.MILLISECONDS.sleep(20);
		}
	}

}
