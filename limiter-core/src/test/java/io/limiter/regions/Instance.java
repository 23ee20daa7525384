package io.limiter.regions;

import io.limiter.RateLimiter;

/**
 * One instance of the service in the simulation: the limiter it decides with, the observer that counts its
 * decisions, and the requests a second it receives.
 * @param limiter its limiter of the simulated limit
 * @param observer its backend's observer
 * @param requestsPerSecond its share of the load
 */
record Instance(RateLimiter limiter, CountingObserver observer, double requestsPerSecond) {
}
