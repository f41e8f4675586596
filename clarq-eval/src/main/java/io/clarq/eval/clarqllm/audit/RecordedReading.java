package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.prompt.PromptPack;

/**
 * What a recorded reply reveals about the recorded provider's reading of the turn: a node given means a detail it
 * could answer (type 2); its fixed lines reveal "nothing left" and unrelated chat; any other Response II is one of
 * types 1, 3, 4 or 6, which its free-text replies do not tell apart. The fixed lines are those of the prompt pack
 * the recording was made with (the reference pack for the published runs), not clarq's own.
 */
public enum RecordedReading {
  /** Response I: a detail an available line answers (type 2). */
  ANSWERABLE,
  /** The fixed "enough information" line: a detail question with no node left (types 2/3). */
  ENOUGH_INFORMATION,
  /** The fixed unrelated-chat line (type 5). */
  UNRELATED,
  /** The relevance gate's apology: the line was not about the task. */
  NOT_ABOUT_THE_TASK,
  /** Another Response II: whole task, no answer, repeat or vague (types 1, 3, 4, 6). */
  OTHER_RESPONSE_II;

  /** Reads a recorded reply, made by a provider whose fixed lines are those of {@code recordedWith}. */
  public static RecordedReading of(PromptPack recordedWith, Language language, String reply, boolean gaveNodes) {
    if (gaveNodes) {
      return ANSWERABLE;
    }
    String r = ReferenceText.strip(reply);
    if (r.equals(ReferenceText.strip(recordedWith.fixed("enough_info", language)))) {
      return ENOUGH_INFORMATION;
    }
    if (r.equals(ReferenceText.strip(recordedWith.fixed("type5_unrelated", language)))) {
      return UNRELATED;
    }
    if (r.equals(ReferenceText.strip(recordedWith.fixed("gate_unrelated", language)))) {
      return NOT_ABOUT_THE_TASK;
    }
    return OTHER_RESPONSE_II;
  }
}
