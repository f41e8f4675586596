package io.clarq.datasets.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.dialogue.Dialogue;
import java.util.Objects;

/** One dialogue of a published run, with the task it was played on as the results file records it. */
public record PublishedDialogue(ClarqTask task, Dialogue dialogue) {
  public PublishedDialogue {
    Objects.requireNonNull(task, "task");
    Objects.requireNonNull(dialogue, "dialogue");
  }
}
