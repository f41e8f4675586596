package io.clarq.core.clarqllm.provider;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.Trials;
import java.util.List;
import java.util.Objects;

/**
 * What a provider sees when it must reply: the task (tree and purposes), the dialogue so far ending with the seeker
 * line to answer, the tree's gating state (which nodes were given, which are available), and the trial of the run it
 * plays.
 *
 * @param trial the trial being played ({@link Trials}): 1 in a run without trials. A model-backed provider sends its
 *     {@link #seed()} and the trial with every request it makes for this turn
 */
public record ProviderTurn(ClarqTask task, List<Utterance> history, TreeCursor tree, int trial) {
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
    Trials.check(trial);
  }

  /** A turn of trial 1 (a run without trials). */
  public ProviderTurn(ClarqTask task, List<Utterance> history, TreeCursor tree) {
    this(task, history, tree, 1);
  }

  /** The seed this turn's model requests carry: {@code 8848 + trial - 1} ({@link Trials#seed(int)}). */
  public long seed() {
    return Trials.seed(trial);
  }

  /** The seeker line to answer. */
  public String seekerLine() {
    return history.get(history.size() - 1).text();
  }
}
