/**
 * Implementation of Limiter. Nothing here is public API: it may change in any release.
 */
package io.limiter.internal;
