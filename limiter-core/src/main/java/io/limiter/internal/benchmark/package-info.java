/**
 * The door through which the project's benchmarks reach what they need of the internals, and nothing else may.
 */
package io.limiter.internal.benchmark;
