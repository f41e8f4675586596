/**
 * A seeker played by a person at a terminal: provider lines are printed, the person's lines are read. Start with
 * {@link io.clarq.core.clarqllm.seeker.console.ConsoleSeeker}.
 */
package io.clarq.core.clarqllm.seeker.console;
