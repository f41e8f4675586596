/**
 * The index of run folders under the directories {@code clarq serve} was given: each run's benchmark, headline
 * figures, models by role, date, trials and status, cached by folder modification time, and the confinement of every
 * path a request names to those directories.
 * Start with {@link io.clarq.serve.runs.RunIndex}.
 */
package io.clarq.serve.runs;
