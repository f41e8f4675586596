package io.clarq.core.clarqllm.transcript;

/** Whether a recorded dialogue can be scored. */
public enum DialogueStatus {
  /** The dialogue ran to its end (goodbye or turn cap): it is scored. */
  FINISHED,
  /**
   * An infrastructure failure stopped it (a model unreachable, a crash): never scored as a seeker failure; a resumed
   * run plays the task again.
   */
  FAILED
}
