/**
 * The global limits of a {@link io.limiter.RegionalBackend}: the home that lends each key's budget, the region's
 * pools that decide against it, the borrows between them, and the region's fallback share.
 */
package io.limiter.internal.regions;
