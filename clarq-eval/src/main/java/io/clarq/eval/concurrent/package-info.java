/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * Worker pools for the runners: bounded, with named daemon threads, so a thread dump says which run a worker serves.
 */
package io.clarq.eval.concurrent;
