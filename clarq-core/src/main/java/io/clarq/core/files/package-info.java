/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * Files that must survive a crash: {@link io.clarq.core.files.AtomicFiles}, the one durable write helper (whole file
 * or nothing, forced to disk), {@link io.clarq.core.files.OutputLock}, one writer per output directory, and
 * {@link io.clarq.core.files.JsonTree}, a data file's JSON tree without the cold start of a first object mapper.
 */
package io.clarq.core.files;
