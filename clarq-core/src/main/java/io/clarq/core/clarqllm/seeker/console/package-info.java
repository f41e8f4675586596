/** A seeker played by a person at a terminal: provider lines are printed, the person's lines are read. */
package io.clarq.core.clarqllm.seeker.console;
