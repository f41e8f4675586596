package io.clarq.core.toa.llm;

import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.flm.IncompleteTask;

/**
 * The prompt an {@link LlmAsker} sends for an incomplete task: one of clarq's templates ({@link AskerTemplate}) in a
 * {@link io.clarq.core.prompt.PackLayout#TOA TOA} pack, or a prompt in the paper's placeholders
 * ({@link AskerPromptText}) in a {@link io.clarq.core.prompt.PackLayout#TOA_ASKER TOA asker} pack. Either way the
 * words come from a pack, whose id and digest a run records.
 */
public interface AskerPrompt {
  /** The prompt for a task. */
  String render(IncompleteTask task);

  /** A short name recorded in run configurations ("direct", "prompt-2@1a2b3c4d"). */
  String label();

  /** The pack the words come from. */
  PromptPack pack();

  /**
   * The same choice in another pack: one of clarq's templates by the same name in a TOA pack; in a TOA asker pack,
   * its one prompt (with the in-context examples this prompt has, if any).
   *
   * @throws IllegalArgumentException for a pack of another layout, or a few-shot prompt without examples
   */
  AskerPrompt in(PromptPack pack);
}
