package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.dialogue.Dialogue;
import java.util.Objects;

/** A recorded dialogue with the task it was played on, ready to score. */
public record PlayedDialogue(ClarqTask task, Dialogue dialogue) {
  public PlayedDialogue {
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(dialogue, "dialogue");
  }
}
