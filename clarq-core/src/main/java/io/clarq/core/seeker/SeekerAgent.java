package io.clarq.core.seeker;

import io.clarq.core.llm.LlmException;

/**
 * The agent under test: it must find out how to do a task by asking the provider. Implement this to put your own
 * seeker on the benchmark; say "Goodbye" when done (the reference end detector is case-sensitive).
 *
 * <p>One instance may serve many dialogues at once from several threads: keep per-dialogue state out of fields,
 * everything needed is in the {@link SeekerTurn}.
 */
public interface SeekerAgent {
  /** A short name for transcripts and reports. */
  String name();

  /**
   * The seeker's next line.
   *
   * @throws LlmException when a model behind the seeker could not be reached (recorded as an infrastructure
   *     error, never scored as a seeker failure)
   */
  String next(SeekerTurn turn) throws LlmException;
}
