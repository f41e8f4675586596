package io.clarq.datasets.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import java.util.Objects;

/**
 * A published results file (docs/protocol/clarq-llm.md §6): its run name (the file name without {@code .json}, e.g.
 * {@code l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En}), its language, and its dialogues in task-id order. Tasks
 * whose {@code l2l[0]} is empty (the dev types in the released files) are not listed.
 */
public record PublishedRun(String name, Language language, List<PublishedDialogue> dialogues) {
  public PublishedRun {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(language, "language");
    dialogues = List.copyOf(dialogues);
  }
}
