package io.clarq.core.toa.llm;

import io.clarq.core.flm.IncompleteTask;

/** The prompt an {@link LlmAsker} sends for an incomplete task: one of ours ({@link AskerTemplate}) or a text. */
public interface AskerPrompt {
  /** The prompt for a task. */
  String render(IncompleteTask task);

  /** A short name recorded in run configurations ("direct", "prompt-2@1a2b3c4d"). */
  String label();
}
