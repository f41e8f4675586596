/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * Files that must survive a crash: {@link io.clarq.core.files.AtomicFiles}, the one durable write helper (whole file
 * or nothing, forced to disk), and {@link io.clarq.core.files.OutputLock}, one writer per output directory.
 */
package io.clarq.core.files;
