package io.clarq.core.provider;

import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.tree.TreeCursor;
import java.util.List;
import java.util.Objects;

/**
 * What a provider sees when it must reply: the task (tree and purposes), the dialogue so far ending with the seeker
 * line to answer, and the tree's gating state (which nodes were given, which are available).
 */
public record ProviderTurn(ClarqTask task, List<Utterance> history, TreeCursor tree) {
  public ProviderTurn {
    Objects.requireNonNull(task, "task");
    history = List.copyOf(history);
    Objects.requireNonNull(tree, "tree");
    if (history.isEmpty() || history.get(history.size() - 1).speaker() != Speaker.SEEKER) {
      throw new IllegalArgumentException("illegal provider turn for task " + task.id()
          + ": the history must end with the seeker line to answer");
    }
    if (!tree.tree().equals(task.tree())) {
      throw new IllegalArgumentException("illegal provider turn for task " + task.id()
          + ": the tree state belongs to another task");
    }
  }

  /** The seeker line to answer. */
  public String seekerLine() {
    return history.get(history.size() - 1).text();
  }
}
